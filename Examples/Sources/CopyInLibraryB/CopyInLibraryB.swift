// A dynamic library that links SharedInstances statically, as a framework that uses the library
// would: loaded beside another such copy, the process holds two registries, which the library
// reports when the second one loads (see LibraryCopiesTests).
import SharedInstances

let counter = Resettable<Int>(name: "CopyInLibraryB.counter") { 1 }

/// The value of this library's box, for a host that loads it by name.
@_cdecl("copy_in_library_b_value")
public func copyInLibraryBValue() -> Int {
  counter.value
}
