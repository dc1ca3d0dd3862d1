#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Benchmarks: `ModalKitBenchmarks <name> [options]`; run from a release build.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "render":
    RenderBenchmark.run(arguments: Array(arguments.dropFirst()))
case "unicode":
    exit(UnicodeBenchmark.run(arguments: Array(arguments.dropFirst())))
case "dump-widths":
    exit(UnicodeBenchmark.dumpWidths(paths: Array(arguments.dropFirst())))
default:
    print("usage: ModalKitBenchmarks render [--width N] [--seconds S] | unicode [FILE] [REPS] | dump-widths FILE...")
}
