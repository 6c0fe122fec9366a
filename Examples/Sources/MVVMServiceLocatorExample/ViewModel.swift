/// The state the view shows.
public struct Model: Equatable, Sendable {
  public var boolProperty: Bool

  public init(boolProperty: Bool) {
    self.boolProperty = boolProperty
  }
}

/// What a view needs from its view model.
public protocol ViewModelRepresentable {
  var model: Model { get }
  /// Returns the value the view displays, computed by the service.
  func getUpdatedValue() -> Bool
}

/// The view model: a model and the service that works on it, both passed in.
public struct ViewModel: ViewModelRepresentable {
  public private(set) var model: Model
  private let service: any ServiceProtocol

  public init(model: Model, service: any ServiceProtocol) {
    self.model = model
    self.service = service
  }

  public func getUpdatedValue() -> Bool {
    service.toggle(bool: model.boolProperty)
  }
}

/// The view (a `UIView` in the article): hidden or shown as its view model says.
public final class View {
  public private(set) var viewModel: any ViewModelRepresentable
  public private(set) var isHidden = false

  public init(viewModel: any ViewModelRepresentable) {
    self.viewModel = viewModel
    setupViewVisibility()
  }

  func setupViewVisibility() {
    isHidden = viewModel.getUpdatedValue()
  }
}
