// SharedInstancesLaunch is the receiving end of a test's hand-off, linked by an app, a server or
// a tool that tests launch: it sits on SharedInstancesSystem and the isolation machinery, and
// SharedInstancesTesting prepares what it receives (`PreparedLaunch`).
