#if canImport(Glibc)
    import Glibc
#endif
import ModalKitCLI

let io = ProcessIO()
let status = CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), io: io)
io.flush()
exit(status)
