// Benchmarks by name; with no name, all of them.
let requested = Set(CommandLine.arguments.dropFirst())
if requested.isEmpty || requested.contains("preview") { PreviewBenchmark.run() }
