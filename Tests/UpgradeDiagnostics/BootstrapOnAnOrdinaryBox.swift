// Only a bootstrap-once box can be bootstrapped: on any other box it does not compile.
// expect-error: value of type 'Resettable<Int>' has no member 'bootstrap'
// expect-error: value of type 'Resettable<Int>' has no member 'isBootstrapped'
import SharedInstances

let box = Resettable { 1 }
func start() {
  box.bootstrap(2)
  _ = box.isBootstrapped
}
