import Foundation
import SharedInstancesTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `RealNetworkGuard`: installed before the first session, it stops requests to the real network
/// that `URLSession.shared` would send, and says so. In a fresh process (an exit test), since it
/// changes every later session of the process.
@Suite(TimeLimits.waiting) struct RealNetworkGuardTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aRequestThroughTheSharedSessionIsStoppedAndReported() async {
      // The child exits 7 when the request failed with the guard's error; the failure the guard
      // records there comes back to this test.
      await withKnownIssue {
        await #expect(processExitsWith: .exitCode(7)) {
          RealNetworkGuard.install()
          let url = URL(string: "http://127.0.0.1:9/never")!
          do {
            _ = try await URLSession.shared.data(from: url)
            exit(1)  // reached the network
          } catch let error as URLError {
            let stopped = error.localizedDescription.contains("RealNetworkGuard stopped GET \(url)")
            exit(stopped ? 7 : 2)
          } catch {
            exit(3)
          }
        }
      } matching: { issue in
        issue.comments.description.contains("RealNetworkGuard stopped GET http://127.0.0.1:9/never")
      }
    }
  #endif
}
