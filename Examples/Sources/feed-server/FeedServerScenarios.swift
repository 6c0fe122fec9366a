#if DEBUG
  import FeedServerExample
  import SharedInstances
  import SharedInstancesLaunch

  /// The scenarios the server's end-to-end tests choose by name: each replaces a service the
  /// hand-off's data cannot describe. Debug code, next to the program's boxes.
  enum FeedServerScenarios {
    /// The parameters of "banner".
    struct BannerText: Codable, Sendable {
      var text: String
    }

    struct FixedBanner: Banner {
      let value: String
      func text() -> String { value }
    }

    static let all = [
      LaunchScenario("banner") { (parameters: BannerText) in
        HeadlineServer.banner.override(with: FixedBanner(value: parameters.text))
      }
    ]
  }
#endif
