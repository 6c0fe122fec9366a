// The headline server's program: the service lives in FeedServerExample; in a debug build, its
// launch scenarios are declared here, the one line a program writes for its launched tests.
//
// It prints the address it listens on, then serves until its standard input ends, so that a
// test (or a shell) that launched it stops it by closing the pipe, and it never outlives them.
import FeedServerExample
import Foundation
import SharedInstancesLaunch

#if DEBUG
  LaunchReceiver.declare(
    scenarios: FeedServerScenarios.all,
    overridable: [LaunchOverridable(HeadlineServer.settings)]
  )
#endif
let port = CommandLine.arguments.dropFirst().first.flatMap { UInt16($0) } ?? 0
let listener: HTTPListener
do {
  listener = try HTTPListener(port: port)
} catch {
  FileHandle.standardError.write(Data("feed-server: cannot listen: \(error)\n".utf8))
  exit(1)
}
let server = HeadlineServer()
// Detached: a task started here would run on the main actor, which the loop below holds.
let refreshJob = Task.detached { await server.runRefreshJob() }
listener.start { await server.respond(to: $0) }
// Written at once, unbuffered: the launching test reads the port from this line.
FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(listener.port)\n".utf8))
while readLine() != nil {}
refreshJob.cancel()
exit(0)
