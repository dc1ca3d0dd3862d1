let benchmarkArguments = Array(CommandLine.arguments.dropFirst())
switch benchmarkArguments.first {
case "json":
    runJSONParseBenchmark(arguments: Array(benchmarkArguments.dropFirst()))
default:
    print("usage: ModalKitBenchmarks json [CORPUS_DIR] [--reps N] [--foundation-reps N]")
}
