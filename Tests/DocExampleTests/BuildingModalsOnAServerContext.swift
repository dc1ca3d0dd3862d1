import ModalKit

/// What the server article's blocks use and do not define: nothing but where they print.
struct BuildingModalsOnAServerContext: DocContext {
    let output = DocOutput()
}
