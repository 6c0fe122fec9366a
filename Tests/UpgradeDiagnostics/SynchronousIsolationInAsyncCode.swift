// The previous release's synchronous withIsolatedShared, called in an async function: the
// compiler asks for the await (and offers to insert it).
// expect-error: expression is 'async' but is not marked with 'await'
import SharedInstancesTesting

func check() async {
  withIsolatedShared {
    _ = 1
  }
}
