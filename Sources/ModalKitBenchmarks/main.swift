#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "unicode":
    exit(UnicodeBenchmark.run(arguments: Array(arguments.dropFirst())))
case "dump-widths":
    exit(UnicodeBenchmark.dumpWidths(paths: Array(arguments.dropFirst())))
default:
    print("usage: ModalKitBenchmarks unicode [FILE] [REPS] | dump-widths FILE...")
}
