import ImageDownloadingExample
import SharedInstances
import SharedInstancesTesting
import Testing

/// The current user, a singleton that exists only while someone is signed in. Each test has
/// its own session, so tests signing different users in and out run in parallel.
@Suite(.isolatedShared(.recordsDependencies)) struct CurrentUserTests {
  @Test func nobodyIsSignedInAtFirst() {
    #expect(Session.currentUser.currentValue == nil)
    #expect(CurrentUserProvider().currentUser() == nil)
  }

  @Test(arguments: [User.ada, User.alan]) func signingInMakesTheUserCurrent(user: User) throws {
    Session.signIn(as: user)
    #expect(CurrentUserProvider().currentUser() == user)
    #expect(try Session.currentUser.require() == user)
  }

  @Test func signingOutEndsTheUsersLifetime() {
    Session.signIn(as: .ada)
    Session.signOut()

    #expect(Session.currentUser.currentValue == nil)
    #expect(throws: EmptySharedInstanceError.self) { try Session.currentUser.require() }
  }

  @Test func theErrorSaysWhatToDo() throws {
    let error = try #require(throws: EmptySharedInstanceError.self) {
      try Session.currentUser.require()
    }
    #expect(error.sharedTypeName == "User")
    #expect(error.description.contains("Call set(_:)"))
  }
}
