#!/usr/bin/env python3
"""Screenshots of a terminal program as SVG, on a terminal of a chosen background colour.

    Scripts/terminal_screenshot.py --background '#ffffff' --size 80x24 -o docs/x.svg -- \
        .build/release/modalkit preview samples/welcome.json

The program runs on a pseudo-terminal that answers the start-up probes a modern terminal answers (OSC 11
with the background colour, DECRPM for synchronized output, device attributes), so the program sees a
light or a dark terminal as a user's would. Its output goes through pyte (an independent emulator), and
once the screen has been still for a moment the screen is drawn as SVG: one rectangle per run of cells
with a background, one text element per run of cells that draw alike. Then the program gets `q`.

Development tooling (pyte, from Scripts/requirements-dev.txt); the product never runs it.
"""

import argparse
import os
import pty
import select
import signal
import sys
import time
import unicodedata
from html import escape

import pyte

ANSI16 = [
    "000000", "cd0000", "00cd00", "cdcd00", "0000ee", "cd00cd", "00cdcd", "e5e5e5",
    "7f7f7f", "ff0000", "00ff00", "ffff00", "5c5cff", "ff00ff", "00ffff", "ffffff",
]
NAMES = ["black", "red", "green", "brown", "blue", "magenta", "cyan", "white"]


def palette_hex(name, default):
    """pyte's colour (a name, 'default', or six hex digits) as six hex digits."""
    if name == "default":
        return default
    if name in NAMES:
        return ANSI16[NAMES.index(name)]
    if name.startswith("bright") and name[6:] in NAMES:
        return ANSI16[8 + NAMES.index(name[6:])]
    if name == "yellow":
        return ANSI16[3]
    if len(name) == 6:
        return name
    return default


def cell_width(char):
    if not char:
        return 0
    first = char[0]
    return 2 if unicodedata.east_asian_width(first) in ("W", "F") else 1


def replies_for(output, background):
    """What a terminal with `background` answers to the probes in `output`."""
    answers = b""
    if b"\x1b]11;?" in output:
        red, green, blue = (int(background[i:i + 2], 16) for i in (0, 2, 4))
        answers += b"\x1b]11;rgb:%02x%02x/%02x%02x/%02x%02x\x1b\\" % (red, red, green, green, blue, blue)
    if b"\x1b[?2026$p" in output:
        answers += b"\x1b[?2026;2$y"
    if b"\x1b[?2027$p" in output:
        answers += b"\x1b[?2027;0$y"
    if b"\x1b[c" in output:
        answers += b"\x1b[?62;22c"
    return answers


def run(command, columns, rows, background, settle):
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    pid, fd = pty.fork()
    if pid == 0:
        environment = dict(os.environ, COLUMNS=str(columns), LINES=str(rows))
        environment.setdefault("TERM", "xterm-256color")
        os.execvpe(command[0], command, environment)
    import fcntl
    import struct
    import termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    answered = False
    seen = b""
    last = time.monotonic()
    deadline = last + 10
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if not answered and b"\x1b[c" in seen:
                os.write(fd, replies_for(seen, background))
                answered = True
            stream.feed(chunk)
            last = time.monotonic()
        elif seen and time.monotonic() - last > settle:
            break
    try:
        os.write(fd, b"q")
        time.sleep(0.2)
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    except OSError:
        pass
    return screen


def svg(screen, background, foreground, font_size=14):
    cell_w = font_size * 0.6
    cell_h = font_size * 1.25
    width = screen.columns * cell_w
    height = screen.lines * cell_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="DejaVu Sans Mono, Menlo, monospace" '
        f'font-size="{font_size}">',
        f'<rect width="100%" height="100%" fill="#{background}"/>',
    ]
    for y in range(screen.lines):
        row = screen.buffer[y]
        x = 0
        while x < screen.columns:
            char = row[x]
            fg = palette_hex(char.fg, foreground)
            bg = palette_hex(char.bg, background)
            if char.reverse:
                fg, bg = bg, fg
            w = max(1, cell_width(char.data))
            if bg != background:
                out.append(
                    f'<rect x="{x * cell_w:.1f}" y="{y * cell_h:.1f}" width="{w * cell_w + 0.5:.1f}" '
                    f'height="{cell_h + 0.5:.1f}" fill="#{bg}"/>')
            if char.data.strip():
                attributes = f'fill="#{fg}"'
                if char.bold:
                    attributes += ' font-weight="bold"'
                if char.italics:
                    attributes += ' font-style="italic"'
                decorations = [d for d, on in (("underline", char.underscore), ("line-through", char.strikethrough)) if on]
                if decorations:
                    attributes += f' text-decoration="{" ".join(decorations)}"'
                out.append(
                    f'<text x="{x * cell_w:.1f}" y="{y * cell_h + font_size:.1f}" {attributes} '
                    f'textLength="{w * cell_w:.1f}" lengthAdjust="spacingAndGlyphs">{escape(char.data)}</text>')
            x += w
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--background", default="#000000", help="the terminal's background, #rrggbb")
    parser.add_argument("--foreground", help="the terminal's text colour (default: black or white for contrast)")
    parser.add_argument("--size", default="80x24", help="COLUMNSxROWS")
    parser.add_argument("--settle", type=float, default=0.6, help="seconds of stillness before the shot")
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    columns, rows = (int(part) for part in args.size.split("x"))
    background = args.background.lstrip("#").lower()
    luminance = sum(int(background[i:i + 2], 16) for i in (0, 2, 4)) / 3
    foreground = (args.foreground or ("#000000" if luminance > 127 else "#e5e5e5")).lstrip("#")
    screen = run(command, columns, rows, background, args.settle)
    with open(args.output, "w", encoding="utf-8") as file:
        file.write(svg(screen, background, foreground))
    print(f"wrote {args.output}: {columns}x{rows} on #{background}", file=sys.stderr)


if __name__ == "__main__":
    main()
