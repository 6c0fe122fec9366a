extension SpyRenderer {
  /// The top-level types of the modules `SharedInstancesTesting` re-exports, which every spy
  /// imports: a module's type of one of these names (PropertyBased's
  /// `SeededRandomNumberGenerator`) is ambiguous in a spy unless it is spelled with its module.
  static let libraryTypeNames: Set<String> = [
    "AnyClock", "AnyRandomNumberGenerator", "AppDirectories", "BootstrapOnce", "ClockBox",
    "DateGenerator", "DependencyRecordMode", "DependencyRecording", "EmptySharedInstanceError",
    "ImmediateClock", "IsolatedSharedTestCase", "IsolatedSharedTrait", "LaunchControlError",
    "LaunchDefaultsValue", "LaunchHandoff", "LaunchOverridable", "LaunchRead", "LaunchReceiver",
    "LaunchReport", "LaunchResult", "LaunchScenario", "LaunchStub", "LaunchedRequest",
    "NotCompared", "OverrideInTests", "PreparedLaunch", "ProtocolSpyPlaceholder",
    "RealNetworkGuard", "RecordedRequest", "RecordingNotificationCenter", "RequestMatcher",
    "Resettable", "ResettableConvertible", "SeededRandomNumberGenerator", "ServiceLocating",
    "ServiceLocator", "ServiceName", "Serviceable", "SharedInstanceUse", "SharedIsolationOptions",
    "SharedLifetime", "SharedScope", "SharedTestDefault", "SharedTestDefaults",
    "SharedTestDefaultsProviding", "Spy", "SpyArgument", "SpyCall", "SpyPlaceholder",
    "SpyResetting", "StubResponse", "SystemBoxes", "TestClock", "TestNetwork", "UUIDGenerator",
    "UnansweredRequestError", "UnimplementedClock", "UnstubbedCallError", "UserDefaultsStore",
  ]

  /// The types a spy's imports declare (Foundation's and the library's), whose names a type of
  /// the spied module shares only when spelled with its module.
  static let importedTypeNames = foundationTypeNames.union(libraryTypeNames)
}
