import Dispatch

/// Times operations: calibrates a loop to the target length, warms it up, then takes the median
/// of several timed repetitions.
///
/// An operation returns an object, which the loop folds into a checksum that it hands to
/// ``blackHole(_:)``, so the read cannot be optimized away; the operation itself is passed
/// through ``opaque(_:)``, so it is called on every iteration, as a read site in an app is.
struct Sampler: Sendable {
  let settings: Settings

  /// Measures a synchronous operation, in nanoseconds per call.
  func measure(_ operation: @escaping () -> AnyObject) -> Sample {
    let operation = opaque(operation)
    let iterations = calibrate { Self.loop(operation, iterations: $0) }
    blackHole(Self.loop(operation, iterations: iterations))  // warm-up
    var results: [Double] = []
    for _ in 0..<settings.repetitions {
      let start = now()
      let checksum = Self.loop(operation, iterations: iterations)
      let end = now()
      blackHole(checksum)
      results.append(Double(end - start) / Double(iterations))
    }
    return Sample(results)
  }

  /// Measures `operation` once after each set-up in turn, in every repetition, and returns a
  /// sample per set-up: variants measured side by side, so that drift in the machine's speed
  /// hits them alike.
  func measureInterleaved(
    _ setUps: [() -> Void],
    _ operation: @escaping () -> AnyObject
  ) -> [Sample] {
    let operation = opaque(operation)
    setUps.first?()
    let iterations = calibrate { Self.loop(operation, iterations: $0) }
    var results = Array(repeating: [Double](), count: setUps.count)
    for repetition in 0...settings.repetitions {  // the first is a warm-up
      for (index, setUp) in setUps.enumerated() {
        setUp()
        let start = now()
        let checksum = Self.loop(operation, iterations: iterations)
        let end = now()
        blackHole(checksum)
        if repetition > 0 { results[index].append(Double(end - start) / Double(iterations)) }
      }
    }
    return results.map(Sample.init)
  }

  /// Measures an asynchronous operation, in nanoseconds per call.
  func measure(_ operation: @escaping () async -> AnyObject) async -> Sample {
    let operation = opaque(operation)
    var iterations = 16
    while true {
      let start = now()
      blackHole(await Self.loop(operation, iterations: iterations))
      let elapsed = now() - start
      if elapsed >= settings.nanosecondsPerRepetition / 8 || iterations >= 1 << 30 {
        iterations = Self.scaled(iterations, elapsed: elapsed, target: target)
        break
      }
      iterations *= 4
    }
    blackHole(await Self.loop(operation, iterations: iterations))  // warm-up
    var results: [Double] = []
    for _ in 0..<settings.repetitions {
      let start = now()
      let checksum = await Self.loop(operation, iterations: iterations)
      let end = now()
      blackHole(checksum)
      results.append(Double(end - start) / Double(iterations))
    }
    return Sample(results)
  }

  /// The number of iterations one repetition of `loop` needs to last about the target length.
  func calibrate(_ loop: (Int) -> UInt) -> Int {
    var iterations = 16
    while true {
      let start = now()
      blackHole(loop(iterations))
      let elapsed = now() - start
      if elapsed >= settings.nanosecondsPerRepetition / 8 || iterations >= 1 << 30 {
        return Self.scaled(iterations, elapsed: elapsed, target: target)
      }
      iterations *= 4
    }
  }

  private var target: UInt64 { settings.nanosecondsPerRepetition }

  private static func scaled(_ iterations: Int, elapsed: UInt64, target: UInt64) -> Int {
    max(1, Int(Double(iterations) * Double(target) / Double(max(elapsed, 1))))
  }

  @inline(never)
  static func loop(_ operation: () -> AnyObject, iterations: Int) -> UInt {
    var checksum: UInt = 0
    for _ in 0..<iterations {
      checksum &+= UInt(bitPattern: ObjectIdentifier(operation()))
    }
    return checksum
  }

  @inline(never)
  static func loop(_ operation: () -> Int, iterations: Int) -> UInt {
    var checksum: UInt = 0
    for _ in 0..<iterations {
      checksum &+= UInt(bitPattern: operation())
    }
    return checksum
  }

  @inline(never)
  static func loop(_ operation: () async -> AnyObject, iterations: Int) async -> UInt {
    var checksum: UInt = 0
    for _ in 0..<iterations {
      checksum &+= UInt(bitPattern: ObjectIdentifier(await operation()))
    }
    return checksum
  }
}

/// Monotonic time in nanoseconds.
func now() -> UInt64 {
  DispatchTime.now().uptimeNanoseconds
}
