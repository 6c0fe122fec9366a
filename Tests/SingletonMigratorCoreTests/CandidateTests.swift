import Foundation
import TestSupport
import Testing
import _SingletonMigratorCore
import _SpyGeneratorCore

/// Every candidate the migrator sees is migrated, left alone with the reason, or refused with
/// the reason; none is skipped without a word, and none whose meaning a box would change is
/// boxed.
@Suite struct CandidateTests {
  @Test func aGlobalActorsInstanceIsNeverBoxed() throws {
    // Shaped like a sync engine's actor that serializes merges.
    let migration = try migrate(
      """
      @globalActor
      final actor MergeActor {
        static let shared = MergeActor()
      }
      @globalActor actor DatabaseActor: GlobalActor { static let shared = DatabaseActor() }
      @MergeActor final class Merger { func merge() {} }
      """
    )
    #expect(migration.instances.isEmpty)
    #expect(migration.files.isEmpty)
    #expect(
      migration.skipped.map(\.qualifiedName) == ["MergeActor.shared", "DatabaseActor.shared"]
    )
    #expect(migration.skipped.allSatisfy { $0.verdict == .leftAlone })
    #expect(migration.skipped.first?.reason.contains("global actor @MergeActor") == true)
    #expect(migration.plan.contains("MergeActor.shared: left alone: the instance of the global"))
    let report = try check(migration: "")
    #expect(!report.failed)
  }

  @Test func identityBearingInstancesAreNeverBoxed() throws {
    let migration = try migrate(
      """
      import Foundation
      enum Sync {
        static let lock = NSLock()
        static let queue = DispatchQueue(label: "sync")
      }
      final class Worker: @unchecked Sendable {
        static let shared = Worker()
      }
      """
    )
    #expect(migration.migrated.map(\.qualifiedName) == ["Worker.shared"])
    #expect(migration.skipped.map(\.qualifiedName) == ["Sync.lock", "Sync.queue"])
    #expect(migration.skipped.map(\.reason).allSatisfy { $0.contains("relies on there being one") })
  }

  @Test func theSilentSkipsAreListedWithTheirReasons() throws {
    // Shaped like a decade-old iOS app's singletons.
    let source = """
      import Foundation

      final class PushRegistry {
        init?(token: String?) { guard token != nil else { return nil } }
        static let shared: PushRegistry? = {
          PushRegistry(token: ProcessInfo.processInfo.environment["PUSH_TOKEN"])
        }()
      }

      final class LegacyCenter {
        class var shared: LegacyCenter {
          struct Static {
            static let instance = LegacyCenter()
          }
          return Static.instance
        }
      }

      extension DateFormatter {
        static let rfc822: DateFormatter = {
          let formatter = DateFormatter()
          formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
          return formatter
        }()
      }

      struct Settings {
        static let shared = Settings()
        var verbose = false
      }

      final class RequestContext {
        static var current: RequestContext {
          if let context = Thread.current.threadDictionary["context"] as? RequestContext {
            return context
          }
          let context = RequestContext()
          Thread.current.threadDictionary["context"] = context
          return context
        }
      }

      enum Tracing {
        @TaskLocal static var current: RequestContext?
      }
      """
    let migration = try migrate(source)
    #expect(
      migration.migrated.map(\.qualifiedName) == ["PushRegistry.shared", "DateFormatter.rfc822"]
    )
    #expect(migration.migrated.map(\.type) == ["PushRegistry?", "DateFormatter"])
    let text = try #require(migration.files.first?.contents)
    expectReference(text)
    let skipped = Dictionary(
      uniqueKeysWithValues: migration.skipped.map { ($0.qualifiedName, $0) }
    )
    #expect(skipped["LegacyCenter.shared"]?.verdict == .refused)
    #expect(skipped["LegacyCenter.shared"]?.reason.contains("struct Static") == true)
    #expect(skipped["Settings.shared"]?.verdict == .leftAlone)
    #expect(skipped["Settings.shared"]?.reason.contains("value type") == true)
    #expect(skipped["RequestContext.current"]?.verdict == .leftAlone)
    #expect(skipped["RequestContext.current"]?.reason.contains("per-thread") == true)
    #expect(skipped["Tracing.current"]?.verdict == .leftAlone)
    #expect(skipped["Tracing.current"]?.reason.contains("task-local") == true)
    #expect(skipped.count == 4)
    #expect(
      migration.plan.hasPrefix(
        "migrate-singletons: 6 candidate(s): 2 migrated, 0 allowed, 3 left alone, 1 refused"
      )
    )
    // --check names what --apply cannot box, and passes what is left alone.
    let report = try check(migration: source)
    #expect(
      report.instances.map(\.qualifiedName) == ["PushRegistry.shared", "DateFormatter.rfc822"]
    )
    #expect(report.refused.map(\.qualifiedName) == ["LegacyCenter.shared"])
    #expect(
      report.refused.map(SingletonMigrator.checkMessage(for:)).first?.hasPrefix(
        "Sources/App/File.swift:11: error: LegacyCenter.shared is a shared instance"
      ) == true
    )
  }

  @Test func anAllowedRefusedCandidatePassesTheCheck() throws {
    let source = """
      final class LegacyCenter {
        // shared-instances: allow
        class var shared: LegacyCenter {
          struct Static { static let instance = LegacyCenter() }
          return Static.instance
        }
      }
      """
    #expect(try !check(migration: source).failed)
  }

  @Test func checkDoesNotAdviseApplyForWhatApplyRefuses() throws {
    let source = """
      final class Player: @unchecked Sendable {
        static let shared = Player(); static let backup = Player()
      }
      """
    let report = try check(migration: source)
    let messages = report.instances.map {
      SingletonMigrator.checkMessage(for: $0, refusal: report.refusals[$0.qualifiedName])
    }
    #expect(messages.count == 2)
    #expect(
      messages.allSatisfy { $0.contains("`--apply` cannot box it (other code shares its line") }
    )
    #expect(messages.allSatisfy { !$0.contains("run `swift package") })
  }

  @Test func anAppTypeNamedResettableMakesTheBoxSpellItsModule() throws {
    let migration = try migrate(
      """
      /// The app's own: a form that can be reset.
      final class Resettable { func reset() {} }
      final class FormStore: @unchecked Sendable {
        static let shared = FormStore()
        static let form = Resettable()
      }
      """
    )
    #expect(migration.migrated.map(\.qualifiedName) == ["FormStore.shared", "FormStore.form"])
    let text = try #require(migration.files.first?.contents)
    expectReference(text)
    // Once migrated, the boxes are boxes: --check passes.
    #expect(try !check(migration: text).failed)
  }

  @Test func extractProtocolOnABoxOfAClassTypesTheBoxWithTheExtractedProtocol() throws {
    let migration = try migrate(
      """
      import SharedInstances
      final class Manager: @unchecked Sendable {
        static var shared: Manager { sharedBox.value }
        static let sharedBox = Resettable<Manager>(name: "Manager.shared") { Manager() }
        func fetch() {}
      }
      func use() { Manager.shared.fetch() }
      """,
      options: .init(extractProtocol: true, moduleName: "App")
    )
    let text = try #require(migration.files.first?.contents)
    expectReference(text)
    #expect(migration.newFiles.map(\.path) == ["ManagerProtocolSpy.swift"])
    #expect(migration.migrated.map(\.qualifiedName) == ["Manager.shared"])
    #expect(
      migration.plan.contains(
        "Sources/App/File.swift:3: Manager.shared: Manager → Resettable<any ManagerProtocol> "
          + "(its box, typed with the extracted protocol)"
      )
    )
  }

  @Test func applyThenExtractProtocolWritesWhatOneRunWithItWrites() throws {
    // `--apply` first, `--apply --extract-protocol` later: the same files as both at once.
    let source = """
      final class Manager: @unchecked Sendable {
        static let shared = Manager()
        var count = 0
        func fetch(id: Int, force: Bool = false) -> [String] { [] }
      }

      final class Client {
        let manager: Manager
        init(manager: Manager = .shared) { self.manager = manager }
        func run() { _ = manager.fetch(id: 1) }
      }

      func use() {
        Manager.shared.count += 1
        _ = Manager.shared.fetch(id: 2, force: true)
      }
      """
    let options = SingletonMigrator.Options(extractProtocol: true, moduleName: "App")
    let once = try migrate(source, options: options)
    let boxed = try #require(try migrate(source).files.first?.contents)
    let twice = try migrate(boxed, options: options)
    #expect(twice.files.first?.contents == once.files.first?.contents)
    #expect(twice.newFiles == once.newFiles)
    #expect(!once.newFiles.isEmpty)
  }

  @Test func extractProtocolOnABoxReadThroughValueTypesTheBox() throws {
    // Boxed by hand: the box is the instance, and call sites read `.value` or set it.
    let migration = try migrate(
      """
      import SharedInstances
      final class Manager: @unchecked Sendable {
        static let shared = Resettable<Manager>(name: "Manager.shared") { Manager() }
        var count = 0
        func fetch() {}
      }
      func use() {
        Manager.shared.value.fetch()
        Manager.shared.value.count += 1
      }
      func replace() { Manager.shared.set(Manager()) }
      """,
      options: .init(extractProtocol: true, moduleName: "App")
    )
    let text = try #require(migration.files.first?.contents)
    expectReference(text)
    #expect(migration.newFiles.map(\.path) == ["ManagerProtocolSpy.swift"])
    #expect(migration.diagnostics.filter { $0.severity != .note }.isEmpty)
  }

  @Test func extractProtocolOnABoxUsedAsAValueSaysWhy() throws {
    let migration = try migrate(
      """
      import SharedInstances
      final class Manager: @unchecked Sendable {
        static let shared = Resettable<Manager>(name: "Manager.shared") { Manager() }
        func fetch() {}
      }
      func keep() -> Manager { Manager.shared.value }
      """,
      options: .init(extractProtocol: true)
    )
    #expect(migration.files.isEmpty)
    #expect(
      migration.diagnostics.map(\.message).contains {
        $0.contains("Manager.shared: no protocol extracted") && $0.contains("as a value")
      }
    )
  }

  private func check(migration source: String) throws -> SingletonMigrator.CheckReport {
    try SingletonMigrator(options: .init()).check(
      files: [.init(path: "Sources/App/File.swift", contents: source)],
      symbolGraph: nil
    )
  }
}

/// Shapes of generated and library code met on real packages.
@Suite struct RealPackageShapesTests {
  @Test func aClassWhoseNameStartsWithAnUnderscoreIsFound() throws {
    // Shaped like SwiftProtobuf's generated storage classes.
    let migration = try migrate(
      """
      struct Message {
        fileprivate final class _StorageClass: @unchecked Sendable {
          static let defaultInstance = _StorageClass()
        }
      }
      """
    )
    #expect(migration.instances.map(\.qualifiedName) == ["Message._StorageClass.defaultInstance"])
    #expect(migration.skipped.isEmpty)
  }

  @Test func theInstancesOfAGeneratedFileAreLeftAloneAndTheHandWrittenOnesMigrated() throws {
    // Shaped like SwiftProtobuf: `descriptor.pb.swift`, generated by protoc-gen-swift, declares
    // a storage class's `defaultInstance`; the next `protoc` run would write it again as it
    // was, box or not. `AnyMessageStorage.swift`, written by hand, declares one too.
    let generated = """
      // DO NOT EDIT.
      // swift-format-ignore-file
      // swiftlint:disable all
      //
      // Generated by the Swift generator plugin for the protocol buffer compiler.
      // Source: google/protobuf/descriptor.proto

      import Foundation

      struct Google_Protobuf_DescriptorProto {
        fileprivate final class _StorageClass: @unchecked Sendable {
          static nonisolated(unsafe) let defaultInstance = _StorageClass()
        }
      }
      """
    let handWritten = """
      // Copyright (c) 2017 Apple Inc.
      // Do not edit this struct's layout without updating the decoder.
      final class AnyMessageStorage: @unchecked Sendable {
        static nonisolated(unsafe) let defaultInstance = AnyMessageStorage()
      }
      """
    let files: [SingletonMigrator.SourceFile] = [
      .init(path: "Sources/SwiftProtobuf/descriptor.pb.swift", contents: generated),
      .init(path: "Sources/SwiftProtobuf/AnyMessageStorage.swift", contents: handWritten),
    ]
    let migration = try SingletonMigrator(options: .init()).migrate(
      files: files,
      symbolGraph: nil
    )
    #expect(migration.instances.map(\.qualifiedName) == ["AnyMessageStorage.defaultInstance"])
    #expect(migration.files.map(\.path) == ["Sources/SwiftProtobuf/AnyMessageStorage.swift"])
    #expect(
      migration.skipped.map(\.qualifiedName) == [
        "Google_Protobuf_DescriptorProto._StorageClass.defaultInstance"
      ]
    )
    #expect(migration.skipped.map(\.verdict) == [.leftAlone])
    #expect(
      migration.skipped.first?.reason
        == "the file is generated (its header says \"DO NOT EDIT.\"): generating it again "
        + "would write the declaration as it was; change the generator, or replace the instance "
        + "where the generated code is used"
    )
    // `--check` passes what the user cannot edit, and still fails on the hand-written one.
    let report = try SingletonMigrator(options: .init()).check(files: files, symbolGraph: nil)
    #expect(report.instances.map(\.qualifiedName) == ["AnyMessageStorage.defaultInstance"])
  }

  @Test(
    arguments: [
      // Sourcery
      "// Generated using Sourcery 2.2.4 — https://github.com/krzysztofzablocki/Sourcery\n// DO NOT EDIT",
      // SwiftGen
      "// swiftlint:disable all\n// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen",
      // swift-syntax's generated files, under the license
      "//===---===//\n// Licensed under Apache License v2.0\n//===---===//\n"
        + "// Automatically generated by generate-swift-syntax\n// Do not edit directly!",
      // gyb
      "//// Automatically Generated From Registry.swift.gyb.\n//// Do Not Edit Directly!",
      // Go's convention, which some Swift generators follow
      "// Code generated by openapi-generator. DO NOT EDIT.",
      "/* This file was automatically generated. */",
      "// @generated by a build script",
      // swift-openapi-generator
      "// Generated by swift-openapi-generator, do not modify.",
      "// This file is generated. Do not modify!",
      "/*\n * Auto-generated code; changes are lost.\n */",
    ]
  )
  func everyCommonGeneratorHeaderMarksAFileGenerated(header: String) throws {
    let migration = try migrationOfARegistry(under: header)
    #expect(migration.instances.isEmpty)
    #expect(migration.skipped.map(\.verdict) == [.leftAlone])
    #expect(migration.skipped.first?.reason.hasPrefix("the file is generated") == true)
  }

  @Test(
    arguments: [
      // A comment after the first line of code is no header.
      "import Foundation\n// DO NOT EDIT: generated by hand-rolled tooling",
      // A header that speaks of generating something else.
      "// Created by Jane on 1/2/2024.\n// This class generates reports.",
      "// Copyright 2024. Keys are generated by the server; do not edit them in the app.",
    ]
  )
  func aHeaderThatDoesNotSayTheFileIsGeneratedLeavesItHandWritten(header: String) throws {
    let migration = try migrationOfARegistry(under: header)
    #expect(migration.instances.map(\.qualifiedName) == ["Registry.shared"])
    #expect(migration.skipped.isEmpty)
  }

  /// The migration of a file that holds `header`, then a class with its shared instance.
  private func migrationOfARegistry(under header: String) throws -> SingletonMigrator.Migration {
    try migrate(
      header + "\n\nfinal class Registry: Sendable {\n  static let shared = Registry()\n}\n"
    )
  }

  @Test func aNestedTypeIsNotTakenForAnotherOfTheSameName() throws {
    // Shaped like swift-crypto: `SecureBytes.Backing` is not `Sendable`, another type's nested
    // `Backing` is; the box of the first keeps its `nonisolated(unsafe)`, or it does not compile.
    let source = """
      nonisolated(unsafe) private let emptyStorage: SecureBytes.Backing = SecureBytes.Backing()

      struct SecureBytes {
        var backing: Backing
      }

      extension SecureBytes {
        final class Backing {}
      }

      enum XWing {
        final class Backing: @unchecked Sendable {}
      }
      """
    #expect(try migrate(source).instances.map(\.isSendable) == [false])
    #expect(
      try migrated(source).contains(
        "private nonisolated(unsafe) let emptyStorageBox = Resettable<SecureBytes.Backing>"
      )
    )
  }

  @Test func thePerThreadStorageKeyAndItsStorageAreLeftAlone() throws {
    // Shaped like swift-system: a thread-local storage key, made once, under which the mocking
    // driver is stored and restored; a reset would store under a new key and lose the old
    // values. And the storage that a platform without threads keeps for every key.
    let migration = try migrate(
      """
      final class _PlatformTLSKey: @unchecked Sendable {}
      private final class TLSStorage: @unchecked Sendable {
        var storage = [ObjectIdentifier: UnsafeMutableRawPointer]()
      }
      private let sharedTLSStorage = TLSStorage()
      private let driverKey: _PlatformTLSKey = { makeTLSKey() }()
      func makeTLSKey() -> _PlatformTLSKey { _PlatformTLSKey() }
      """
    )
    #expect(migration.instances.isEmpty)
    #expect(
      migration.skipped.map(\.reason) == [
        "TLSStorage is per-thread storage: code that holds it relies on there being one, and a "
          + "reset would hand new callers a second one while others still hold the first",
        "_PlatformTLSKey is per-thread storage: code that holds it relies on there being one, "
          + "and a reset would hand new callers a second one while others still hold the first",
      ]
    )
  }

  @Test func valueConstantsOfTheirOwnTypeAreNoCandidates() throws {
    // Shaped like Vapor's header values: constants, not shared instances.
    let migration = try migrate(
      """
      struct Relation: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
        static let about = Relation("about")
        static let alternate = Relation("alternate")
        static let `default` = Relation("default")
      }
      """
    )
    #expect(migration.skipped.map(\.qualifiedName) == ["Relation.`default`"])
  }

  @Test func aWorkerThreadsQueueAndItsOnceFlagAreLeftAlone() throws {
    // Shaped like swift-subprocess's worker thread: a thread started once waits on the queue,
    // and a counter makes its shutdown run once.
    let migration = try migrate(
      """
      private final class WorkQueue: Sendable {
        func enqueue(_ item: @escaping @Sendable () -> Void) {}
        func dequeue() -> (@Sendable () -> Void)? { nil }
      }
      internal final class AtomicCounter: Sendable {
        func addOne() -> UInt8 { 1 }
      }
      private let _workQueue = WorkQueue()
      private let _workQueueShutdownFlag = AtomicCounter()
      """
    )
    #expect(migration.instances.isEmpty)
    #expect(migration.files.isEmpty)
    let reasons = Dictionary(
      uniqueKeysWithValues: migration.skipped.map { ($0.qualifiedName, $0.reason) }
    )
    #expect(reasons["_workQueue"]?.hasPrefix("WorkQueue is a queue: ") == true)
    #expect(reasons["_workQueueShutdownFlag"]?.hasPrefix("AtomicCounter is an atomic: ") == true)
    #expect(migration.skipped.allSatisfy { $0.verdict == .leftAlone })
  }

  @Test func anExecutorAndAnEventLoopGroupAreLeftAlone() throws {
    // Shaped like swift-async-algorithms' test clock executor and swift-nio-transport-services'
    // global event loop group: code isolated to one, or running on one, relies on there being
    // one.
    let migration = try migrate(
      """
      struct Context {
        final class ClockExecutor: SerialExecutor {
          func enqueue(_ job: consuming ExecutorJob) {}
        }
        private static let _executor = ClockExecutor()
        final class Runner: TaskExecutor { func enqueue(_ job: consuming ExecutorJob) {} }
        static let runner = Runner()
      }
      let globalTransportServicesEventLoopGroup = NIOTSEventLoopGroup(loopCount: 1)
      final class Loop: EventLoop {}
      let mainLoop = Loop()
      final class CommandRunner: Sendable {
        static let shared = CommandRunner()
      }
      final class PriorityBuffer: Sendable {
        static let shared = PriorityBuffer()
      }
      """
    )
    #expect(
      migration.migrated.map(\.qualifiedName) == ["CommandRunner.shared", "PriorityBuffer.shared"]
    )
    let reasons = migration.skipped.map { "\($0.qualifiedName): \($0.reason)" }
    #expect(reasons.count == 4)
    #expect(reasons.contains { $0.hasPrefix("Context._executor: ClockExecutor is an executor: ") })
    #expect(reasons.contains { $0.hasPrefix("Context.runner: Runner is an executor: ") })
    #expect(
      reasons.contains {
        $0.hasPrefix(
          "globalTransportServicesEventLoopGroup: NIOTSEventLoopGroup is an event loop group: "
        )
      }
    )
    #expect(reasons.contains { $0.hasPrefix("mainLoop: Loop is an event loop: ") })
  }

  @Test func constantsOfStandardValueTypesAreNoCandidates() throws {
    // Shaped like GraphQL's JSON encoder, which extends UInt8 with the bytes it writes.
    let migration = try migrate(
      """
      extension UInt8 {
        static let _space = UInt8(ascii: " ")
        static let _newline: UInt8 = UInt8(ascii: "\\n")
      }
      extension String { static let empty = String() }
      extension String.Encoding {
        static let codepage437: Self = {
          String.Encoding(rawValue: 0x400)
        }()
      }
      extension Data { static let shared = Data() }
      """
    )
    #expect(migration.instances.isEmpty)
    #expect(migration.skipped.map(\.qualifiedName) == ["Data.shared"])
    #expect(migration.skipped.first?.reason.hasPrefix("Data is a value type: ") == true)
  }

  @Test func anInstanceInAResultIsLeftAloneWithWhatToDo() throws {
    // Shaped like swift-configuration's `FileAccessLogger.shared`, a `Result` of the instance.
    let migration = try migrate(
      """
      final class FileAccessLogger: Sendable {
        init() throws {}
        private static let shared: Result<FileAccessLogger?, any Error> = {
          Result { try FileAccessLogger() }
        }()
      }
      """
    )
    #expect(migration.instances.isEmpty)
    #expect(migration.skipped.map(\.qualifiedName) == ["FileAccessLogger.shared"])
    let reason = try #require(migration.skipped.first?.reason)
    #expect(reason.hasPrefix("a Result that holds the instance: "))
    #expect(reason.contains("`Resettable<Result<FileAccessLogger?, any Error>>`"))
    #expect(!reason.contains("every read is a copy"))
  }

  @Test func anInstanceWhoseDeinitStopsTheProgramIsLeftAlone() throws {
    // Shaped like async-http-client's `HTTPClient.shared`: releasing a client that was not shut
    // down stops a debug build, so a reset would crash the tests that use it.
    let migration = try migrate(
      """
      public final class HTTPClient: Sendable {
        init(canBeShutDown: Bool) {}
        func shutdown() {}
        deinit {
          debugOnly {
            preconditionFailure("Client not shut down before the deinit.")
          }
        }
        final class Inner: Sendable {
          static let shared = Inner()
        }
      }
      private let globallySharedHTTPClient: HTTPClient = {
        HTTPClient(canBeShutDown: false)
      }()
      final class Cache: Sendable {
        static let shared = Cache()
        deinit { print("released") }
      }
      func debugOnly(_ body: () -> Void) { body() }
      """
    )
    #expect(migration.migrated.map(\.qualifiedName) == ["HTTPClient.Inner.shared", "Cache.shared"])
    #expect(migration.skipped.map(\.qualifiedName) == ["globallySharedHTTPClient"])
    #expect(migration.skipped.first?.verdict == .leftAlone)
    #expect(
      migration.skipped.first?.reason.hasPrefix(
        "HTTPClient's deinit stops the program (`preconditionFailure`) unless the instance was "
      ) == true
    )
  }

  @Test func anObserverRegisteredOnceIsLeftAlone() throws {
    // Shaped like Nimble's `CurrentTestCaseTracker` and Quick's `QuickTestObservation`: the test
    // runner's observation center calls the instance it was given, never a new one.
    let migration = try migrate(
      """
      import XCTest
      @objc final public class CurrentTestCaseTracker: NSObject, XCTestObservation {
        @objc public static let sharedInstance = CurrentTestCaseTracker()
      }
      final class Progress: NSObject, Observation.Observable, @unchecked Sendable {
        static let shared = Progress()
      }
      """
    )
    #expect(migration.migrated.map(\.qualifiedName) == ["Progress.shared"])
    #expect(migration.skipped.map(\.qualifiedName) == ["CurrentTestCaseTracker.sharedInstance"])
    #expect(
      migration.skipped.first?.reason.hasPrefix("CurrentTestCaseTracker is an observer: ") == true
    )
  }

  @Test func aCallChainIsTypedByItsAnnotationNotItsFirstCall() throws {
    // Shaped like swift-certificates' trust roots: a future made on a new queue is a future, not
    // a queue.
    let migration = try migrate(
      """
      import Dispatch
      final class Future<Value, Failure: Error>: @unchecked Sendable {}
      extension DispatchQueue {
        func asyncFuture<V>(_ body: @escaping () throws -> V) -> Future<V, any Error> { Future() }
      }
      enum CertificateStore {
        static let cachedSystemTrustRootsFuture: Future<[String: [Int]], any Error> =
          DispatchQueue(label: "(trust-roots)").asyncFuture { [:] }
        static let queue = DispatchQueue(label: "q") { "{" }
      }
      """
    )
    #expect(
      migration.instances.map(\.qualifiedName) == ["CertificateStore.cachedSystemTrustRootsFuture"]
    )
    #expect(migration.instances.first?.type == "Future<[String: [Int]], any Error>")
    #expect(migration.skipped.map(\.qualifiedName) == ["CertificateStore.queue"])
    #expect(migration.skipped.first?.reason.hasPrefix("DispatchQueue is a queue: ") == true)
  }

  @Test func anInstanceAnotherGlobalCapturesIsLeftAlone() throws {
    // Shaped like GraphQL's introspection types: `__Schema` holds `__Type` from the start, so a
    // reset of `__Type` alone would give a schema two types of that name.
    let migration = try migrate(
      """
      final class GraphQLObjectType: @unchecked Sendable {
        init(name: String, fields: [GraphQLObjectType] = []) {}
      }
      let __Schema = GraphQLObjectType(name: "__Schema", fields: [__Type])
      let __Type: GraphQLObjectType = {
        let __Type = GraphQLObjectType(name: "__Type")
        return __Type
      }()
      let __Field = GraphQLObjectType(name: "__Field")
      final class Registry: Sendable {
        static let shared = Registry()
        static let mirror = Mirror(registry: Self.shared)
        static let `default` = Registry()
      }
      final class Mirror: Sendable {
        init(registry: Registry) {}
      }
      final class ChatHandler: Sendable {
        static let shared = ChatHandler()
      }
      final class Bootstrap: Sendable {
        init(_ initializer: @escaping @Sendable () -> ChatHandler) {}
      }
      let bootstrap = Bootstrap { ChatHandler.shared }
      """
    )
    #expect(
      migration.migrated.map(\.qualifiedName) == [
        "__Schema", "__Field", "Registry.mirror", "Registry.`default`", "ChatHandler.shared",
        "bootstrap",
      ]
    )
    let reasons = migration.skipped.map { "\($0.qualifiedName): \($0.reason)" }
    #expect(
      reasons == [
        "__Type: __Schema captures it when it is created: a reset would leave __Schema holding "
          + "the old instance while new callers get another",
        "Registry.shared: Registry.mirror captures it when it is created: a reset would leave "
          + "Registry.mirror holding the old instance while new callers get another",
      ]
    )
  }

  @Test func selfInATypesBodyIsThatType() throws {
    // Shaped like swift-otel's and swift-snapshot-testing's `static let default = Self(…)`.
    let migration = try migrate(
      """
      enum OTel {
        struct Configuration {
          var serviceName: String
          public static let `default`: Self = .init(serviceName: "unknown_service")
        }
      }
      struct DiffTool { static let `default` = Self { _, _ in "" } }
      final class Registry: Sendable {
        static let shared = Self()
      }
      """
    )
    #expect(migration.migrated.map(\.qualifiedName) == ["Registry.shared"])
    #expect(migration.migrated.first?.type == "Registry")
    let reasons = migration.skipped.map { "\($0.qualifiedName): \($0.reason)" }
    #expect(reasons.count == 2)
    #expect(
      reasons.contains {
        $0.hasPrefix("OTel.Configuration.`default`: Configuration is a value type: ")
      }
    )
    #expect(reasons.contains { $0.hasPrefix("DiffTool.`default`: DiffTool is a value type: ") })
  }

  @Test func aFileInADocumentationCatalogIsNotScanned() throws {
    // Shaped like swift-openapi-vapor's tutorial steps: Swift files of a DocC catalog are
    // resources that SwiftPM never compiles.
    let step = "let transport = VaporTransport()\nfinal class VaporTransport {}\n"
    let migration = try SingletonMigrator(options: .init()).migrate(
      files: [
        .init(path: "Sources/App/App.docc/Tutorials/_Resources/step.1.swift", contents: step),
        .init(
          path: "Sources/App/Service.swift",
          contents: "final class S: Sendable {\n  static let shared = S()\n}\n"
        ),
      ],
      symbolGraph: nil
    )
    #expect(migration.instances.map(\.qualifiedName) == ["S.shared"])
    #expect(migration.files.map(\.path) == ["Sources/App/Service.swift"])
    #expect(migration.skipped.isEmpty)
  }
}
