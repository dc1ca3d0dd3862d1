import ModalKit

/// What the blocks of docs/ci.md use and do not define: the JSON a service checks.
struct CIDocContext: DocContext {
    let output = DocOutput()
    var json = DocExampleJSON.graphemeCounted
}
