// Benchmarks: `ModalKitBenchmarks <name> [options]`; run from a release build.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "render":
    RenderBenchmark.run(arguments: Array(arguments.dropFirst()))
default:
    print("usage: ModalKitBenchmarks render [--width N] [--seconds S]")
}
