#ifndef SHARED_INSTANCES_LAUNCH_SHIMS_H
#define SHARED_INSTANCES_LAUNCH_SHIMS_H

/// The hand-off this process was launched with, as the load-time constructor found it: the path
/// named by `SHARED_INSTANCES_LAUNCH_HANDOFF` or by the `--shared-instances-launch-handoff`
/// argument, or NULL. Always NULL in a build that does not accept hand-offs.
const char *_Nullable si_launch_handoff_path(void);

/// The token that must match the hand-off file's, from `SHARED_INSTANCES_LAUNCH_TOKEN` or the
/// argument after the path; NULL when the path came without one.
const char *_Nullable si_launch_handoff_token(void);

/// Whether this build accepts a hand-off at all: a debug build, or a release build that opted in
/// with the package trait `LaunchHandoffInRelease`.
int si_launch_handoff_is_compiled_in(void);

#endif
