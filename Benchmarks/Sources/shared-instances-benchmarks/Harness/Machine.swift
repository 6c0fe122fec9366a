import Foundation

/// What the report says about the machine it ran on.
enum Machine {
  /// The CPU model from `/proc/cpuinfo`, or "unknown CPU".
  static var cpuModel: String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return "unknown CPU"
    }
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return "unknown CPU"
  }

  /// The one-minute load average, or nil where `/proc/loadavg` does not exist.
  static var loadAverage: Double? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
      let first = text.split(separator: " ").first
    else { return nil }
    return Double(first)
  }

  static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

  static var compiler: String {
    #if compiler(>=6.4)
      "Swift ≥ 6.4"
    #elseif compiler(>=6.3)
      "Swift 6.3"
    #else
      "Swift < 6.3"
    #endif
  }
}

/// CPU time used by the whole machine and by this process, to tell how busy other processes
/// kept the cores while the benchmarks ran.
struct CPUUsage {
  /// Seconds of CPU time all processes have used since boot.
  let machine: Double
  /// Seconds of CPU time this process has used.
  let own: Double
  /// Monotonic time, in nanoseconds.
  let taken: UInt64

  /// The current usage, or nil where `/proc` does not tell it.
  static func now() -> CPUUsage? {
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    guard ticksPerSecond > 0,
      let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let cpu = stat.split(separator: "\n").first,
      let own = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let afterName = own.lastIndex(of: ")")
    else { return nil }
    // "cpu user nice system idle iowait irq softirq steal …": busy is all but idle and iowait.
    let ticks = cpu.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard ticks.count >= 5 else { return nil }
    let busy = ticks.reduce(0, +) - ticks[3] - ticks[4]
    // After "pid (name)": state, ppid, …; utime and stime are the 14th and 15th fields.
    let fields = own[own.index(after: afterName)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      return nil
    }
    return CPUUsage(
      machine: busy / ticksPerSecond,
      own: (user + system) / ticksPerSecond,
      taken: DispatchTime.now().uptimeNanoseconds
    )
  }

  /// How many cores other processes kept busy, on average, since `start`.
  func otherProcessesCores(since start: CPUUsage) -> Double {
    let wall = Double(taken - start.taken) / 1e9
    guard wall > 0 else { return 0 }
    return max(0, (machine - start.machine) - (own - start.own)) / wall
  }
}
