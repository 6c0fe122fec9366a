// External contract: the Swift runtime. Private to _SharedInstancesShims.
//
// The one place this library calls into the Swift runtime from C: its retain of a class instance,
// an ABI-stable entry point (a native instance on Linux; on Apple platforms, where the instance
// may be an Objective-C object, the entry point that handles both). A change of the runtime's ABI
// would surface here, and nowhere else. Only Hazard.c includes it (`si_hazard_read_object`, I3).

#ifndef SI_SWIFT_RUNTIME_H
#define SI_SWIFT_RUNTIME_H

#if defined(__APPLE__)
extern void *swift_unknownObjectRetain(void *object);
#define SI_RETAIN_OBJECT(object) swift_unknownObjectRetain(object)
#else
extern void *swift_retain(void *object);
#define SI_RETAIN_OBJECT(object) swift_retain(object)
#endif

#endif
