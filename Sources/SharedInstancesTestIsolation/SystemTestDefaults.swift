import SharedInstances
import SharedInstancesSystem
import SharedInstancesSystemDoubles

/// What isolated tests get for the system boxes they do not override: a user defaults suite, a
/// notification center, directories and a network of their own, each created on the test's
/// first read of the box and cleaned up when it ends.
///
/// A test target's `SharedTestDefaults` entry for one of these boxes replaces it.
enum SystemTestDefaults {
  static var defaults: [SharedTestDefault] {
    [
      SharedTestDefault(SystemBoxes.userDefaults) { .ephemeral() },
      SharedTestDefault(SystemBoxes.notificationCenter) { RecordingNotificationCenter() },
      SharedTestDefault(SystemBoxes.directories) { .fresh() },
      SharedTestDefault(SystemBoxes.urlSession) { TestNetwork.testDefault().session },
    ]
  }
}
