import Foundation
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import TestSupport
import Testing

/// Strict mode knows the system boxes: reading the real date, clock, UUID, randomness, calendar,
/// locale or time zone fails a strict test, naming the box; an override does not.
@Suite struct SystemBoxesStrictTests {
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(arguments: SystemBox.allCases)
  func aStrictTestReadingTheRealValueFailsNamingTheBox(_ box: SystemBox) {
    let messages = Locked<[String]>([])
    withKnownIssue {
      withIsolatedShared(.strict) { box.read() }
    } matching: { issue in
      messages.mutate { $0.append(issue.comments.description) }
      return true
    }
    #expect(messages.get().count == 1, "\(messages.get())")
    let message = messages.get().first ?? ""
    #expect(
      message.contains(
        "read the real instance of SystemBoxes.\(box.rawValue) (\(box.typeDescription), "
          + "declared at SharedInstancesSystem/SystemBoxes.swift:"
      ),
      "\(message)"
    )
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(arguments: SystemBox.allCases)
  func aStrictTestThatOverridesTheBoxPasses(_ box: SystemBox) {
    withIsolatedShared(.strict) {
      box.overrideWithDouble()
      box.read()
    }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func theBoxesDescribeThemselvesByName() {
    #expect(
      SystemBoxes.date.description.hasPrefix(
        "SystemBoxes.date (Resettable<DateGenerator>, declared at SharedInstancesSystem/SystemBoxes.swift:"
      )
    )
    #expect(SystemBoxes.continuousClock.description.contains("Resettable<AnyClock<Duration>>"))
  }
}

// MARK: - Fixtures

enum SystemBox: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case date, uuid, continuousClock, suspendingClock, random, calendar, locale, timeZone

  var testDescription: String { "SystemBoxes.\(rawValue)" }

  var typeDescription: String {
    switch self {
    case .date: "Resettable<DateGenerator>"
    case .uuid: "Resettable<UUIDGenerator>"
    case .continuousClock, .suspendingClock: "Resettable<AnyClock<Duration>>"
    case .random: "Resettable<AnyRandomNumberGenerator>"
    case .calendar: "Resettable<Calendar>"
    case .locale: "Resettable<Locale>"
    case .timeZone: "Resettable<TimeZone>"
    }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  func read() {
    switch self {
    case .date: _ = SystemBoxes.date.value.now
    case .uuid: _ = SystemBoxes.uuid.value()
    case .continuousClock: _ = SystemBoxes.continuousClock.value.now
    case .suspendingClock: _ = SystemBoxes.suspendingClock.value.now
    case .random:
      _ = SystemBoxes.random.withRandomNumberGenerator { Int.random(in: 0..<10, using: &$0) }
    case .calendar: _ = SystemBoxes.calendar.value.identifier
    case .locale: _ = SystemBoxes.locale.value.identifier
    case .timeZone: _ = SystemBoxes.timeZone.value.identifier
    }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  func overrideWithDouble() {
    switch self {
    case .date: SystemBoxes.date.override(with: .constant(Date(timeIntervalSince1970: 0)))
    case .uuid: SystemBoxes.uuid.override(with: .incrementing)
    case .continuousClock: SystemBoxes.continuousClock.override(with: TestClock())
    case .suspendingClock: SystemBoxes.suspendingClock.override(with: ImmediateClock())
    case .random: SystemBoxes.random.override(with: .seeded(1))
    case .calendar: SystemBoxes.calendar.override(with: Calendar(identifier: .gregorian))
    case .locale: SystemBoxes.locale.override(with: Locale(identifier: "en_US_POSIX"))
    case .timeZone: SystemBoxes.timeZone.override(with: TimeZone(identifier: "UTC")!)
    }
  }
}
