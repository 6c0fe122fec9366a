import Foundation

/// A line of the cart.
public struct CartLine: Equatable, Sendable {
  public var sku: String
  public var quantity: Int
  public var unitPrice: Int

  public init(sku: String, quantity: Int, unitPrice: Int) {
    self.sku = sku
    self.quantity = quantity
    self.unitPrice = unitPrice
  }

  public var total: Int { quantity * unitPrice }
}

/// The shopping cart, kept across screens.
public final class CartManager: @unchecked Sendable {
  // @unchecked: `lines` is only touched while `lock` is held.
  private let lock = NSLock()
  private var lines: [CartLine] = []

  public static let shared = CartManager()

  public init() {}

  public func add(_ sku: String, quantity: Int = 1, unitPrice: Int) {
    lock.withLock {
      if let index = lines.firstIndex(where: { $0.sku == sku }) {
        lines[index].quantity += quantity
      } else {
        lines.append(CartLine(sku: sku, quantity: quantity, unitPrice: unitPrice))
      }
    }
  }

  public func remove(_ sku: String) {
    lock.withLock { lines.removeAll { $0.sku == sku } }
  }

  public func clear() {
    lock.withLock { lines = [] }
  }

  public var contents: [CartLine] { lock.withLock { lines } }

  public var total: Int { lock.withLock { lines.reduce(0) { $0 + $1.total } } }
}

/// The checkout screen's model: the cart is injected, the shared one by default.
public final class CheckoutViewModel: @unchecked Sendable {
  // @unchecked: `cart` is set once; `status` only on the caller's thread.
  let cart: CartManager
  public private(set) var status = "idle"

  public init(cart: CartManager = .shared) {
    self.cart = cart
  }

  public var summary: String {
    "\(cart.contents.count) items, \(cart.total) cents"
  }

  public func placeOrder() async -> Bool {
    guard cart.total > 0 else {
      status = "empty"
      return false
    }
    let body = Data(summary.utf8)
    do {
      _ = try await APIClient.shared.post("/orders", body: body)
      Database.main.insert(into: "orders", ["summary": summary])
      Analytics.tracker.track("order", properties: ["total": "\(cart.total)"])
      cart.clear()
      status = "placed"
      return true
    } catch {
      log.error("order failed: \(error)")
      status = "failed"
      return false
    }
  }
}
