import Metrics
import SharedInstancesTesting

// The spies of the module Metrics, generated from its real symbol graph into Generated/ by
// scripts/spy-real-modules-report.sh (ignored by git, so nothing generated is committed). This
// file keeps the target buildable without them.
