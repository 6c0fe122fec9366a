// The feed tool's program: the tool itself lives in FeedToolExample; in a debug build, its
// launch scenarios are declared here, the one line a program writes for its launched tests.
import FeedToolExample
import Foundation
import SharedInstancesLaunch

#if DEBUG
  LaunchReceiver.declare(
    scenarios: FeedToolScenarios.all,
    overridable: [LaunchOverridable(FeedTool.settings)]
  )
#endif
exit(await FeedTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
