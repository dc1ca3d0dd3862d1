import ModalKitCLI

#if canImport(Glibc)
    import Glibc
#endif

let io = ProcessIO()
let status = CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), io: io)
io.flush()
exit(status)
