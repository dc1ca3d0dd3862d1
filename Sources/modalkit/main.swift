import ModalKitCLI

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(Glibc)
    // One malloc arena for a command whose threads free each other's memory (see the function).
    // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out; M_ARENA_MAX is -8 there.
    if CLI.handsMemoryBetweenThreads(arguments: Array(CommandLine.arguments.dropFirst())),
        let symbol = dlsym(nil, "mallopt")
    {
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-8, 1)
    }
#endif

let io = ProcessIO()
let status =
    CLI.switchOffFastPathsFromEnvironment(io: io)
    ? CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), io: io) : 2
io.flush()
exit(status)
