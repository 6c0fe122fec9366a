import SharedInstancesTesting

// Real time one `advance` takes to wake `sleepers` tasks that each finish after their sleep
// (the case a test clock cannot see end), and tasks that sleep again in a loop (the case it
// sees), median of `rounds`.

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

func finishingWake(sleepers: Int) async -> Duration {
  let clock = TestClock()
  let tasks = (0..<sleepers).map { _ in
    Task { try? await clock.sleep(for: .seconds(1)) }
  }
  await clock.waitForSleepers(count: sleepers)
  let start = ContinuousClock.now
  await clock.advance(by: .seconds(1))
  let elapsed = ContinuousClock.now - start
  for task in tasks { await task.value }
  return elapsed
}

func loopingWake(sleepers: Int) async -> Duration {
  let clock = TestClock()
  let tasks = (0..<sleepers).map { _ in
    Task {
      for _ in 0..<2 { try? await clock.sleep(for: .seconds(1)) }
    }
  }
  await clock.waitForSleepers(count: sleepers)
  let start = ContinuousClock.now
  await clock.advance(by: .seconds(1))  // each wakes and sleeps again
  let elapsed = ContinuousClock.now - start
  await clock.advance(by: .seconds(1))
  for task in tasks { await task.value }
  return elapsed
}

let rounds = 9
for sleepers in [1, 20] {
  var finishing: [Duration] = []
  var looping: [Duration] = []
  for _ in 0..<rounds {
    finishing.append(await finishingWake(sleepers: sleepers))
    looping.append(await loopingWake(sleepers: sleepers))
  }
  print(
    "sleepers \(sleepers): advance waking tasks that finish \(median(finishing)), "
      + "tasks that sleep again \(median(looping))"
  )
}
