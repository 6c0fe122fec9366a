#if DEBUG
  import FeedToolExample
  import SharedInstances
  import SharedInstancesLaunch

  /// The scenarios the feed tool's end-to-end tests choose by name: each replaces a service the
  /// hand-off's data cannot describe. Debug code, next to the program's boxes.
  enum FeedToolScenarios {
    /// The parameters of "headline".
    struct HeadlineText: Codable, Sendable {
      var text: String
    }

    struct FixedHeadline: Headline {
      let value: String
      func text() -> String { value }
    }

    static let all = [
      LaunchScenario("headline") { (parameters: HeadlineText) in
        FeedTool.headline.override(with: FixedHeadline(value: parameters.text))
      },
      LaunchScenario("quiet") {
        FeedTool.headline.override(with: FixedHeadline(value: ""))
      },
    ]
  }
#endif
