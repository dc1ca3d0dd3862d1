/// Draws cell grids on a real terminal through ncurses; the only module that touches C.
import CNcursesw
