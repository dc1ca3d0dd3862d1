import ModalKitCLI

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(Glibc)
    // One malloc arena for the whole process. A long message is wrapped on a second thread while the first
    // draws (`LineHandoff`); with an arena of its own that thread cannot reuse what the first pass freed, and
    // the 8 MB message peaked at 37 MB instead of 29. The two threads rarely allocate at once, so sharing
    // costs no measurable time.
    // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out; M_ARENA_MAX is -8 there.
    if let symbol = dlsym(nil, "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-8, 1)
    }
#endif

let io = ProcessIO()
let status = CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), io: io)
io.flush()
exit(status)
