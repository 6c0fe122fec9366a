import PackagePlugin
@main struct MigrateSingletons: CommandPlugin { func performCommand(context: PluginContext, arguments: [String]) async throws {} }
