#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// What Swift cannot import from ncursesw directly: function-like macros (attributes, mouse masks,
// getmaxyx), C globals (stdscr, COLORS, ...) that are errors in Swift 6 mode, and the few POSIX calls
// (locale, signalfd) that are simpler to state in C.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <ncursesw/ncurses.h>
#include <ncursesw/term.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <sys/signalfd.h>
#include <termios.h>
#include <unistd.h>

// The C library's idea of a code point's width, which is what ncurses advances the cursor by.
static inline int cnc_wcwidth(unsigned int code_point) { return wcwidth((wchar_t)code_point); }

// Attributes.
static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_italic(void) { return A_ITALIC; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }

// Mouse event masks.
static inline mmask_t cnc_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cnc_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cnc_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cnc_button2_pressed(void) { return BUTTON2_PRESSED; }
static inline mmask_t cnc_button2_released(void) { return BUTTON2_RELEASED; }
static inline mmask_t cnc_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t cnc_button3_released(void) { return BUTTON3_RELEASED; }
static inline mmask_t cnc_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cnc_button5_pressed(void) { return BUTTON5_PRESSED; }
// A press and release that arrive in one read are merged by ncurses into a click (two or three clicks
// into a double or triple click), whatever mouseinterval says.
static inline mmask_t cnc_button1_clicks(int count) {
    return count == 1 ? BUTTON1_CLICKED : count == 2 ? BUTTON1_DOUBLE_CLICKED : BUTTON1_TRIPLE_CLICKED;
}
static inline mmask_t cnc_button2_clicks(int count) {
    return count == 1 ? BUTTON2_CLICKED : count == 2 ? BUTTON2_DOUBLE_CLICKED : BUTTON2_TRIPLE_CLICKED;
}
static inline mmask_t cnc_button3_clicks(int count) {
    return count == 1 ? BUTTON3_CLICKED : count == 2 ? BUTTON3_DOUBLE_CLICKED : BUTTON3_TRIPLE_CLICKED;
}

// Globals, read through functions.
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
// (term.h defines `lines` and `columns` as macros, hence the odd parameter names.)
static inline void cnc_getmaxyx(WINDOW *win, int *out_y, int *out_x) {
    int y, x;
    getmaxyx(win, y, x);
    *out_y = y;
    *out_x = x;
}

// A cell's character with attributes and a colour pair; pairs above SHRT_MAX go through the extended
// pair argument, so that pairs from alloc_pair never run out.
static inline int cnc_setcchar(cchar_t *cell, const wchar_t *text, attr_t attributes, int pair) {
    int extended = pair;
    return setcchar(cell, text, attributes, (short)(pair <= 32767 ? pair : 0), &extended);
}

// Whether the terminal description decodes SGR (1006) mouse reports itself: its kmous is "\033[<".
static inline int cnc_terminfo_has_sgr_mouse(void) {
    const char *kmous = tigetstr("kmous");
    return kmous != NULL && kmous != (const char *)-1 && strcmp(kmous, "\033[<") == 0;
}

// Takes the user's locale; when its character set is not UTF-8, falls back to C.UTF-8, because ncursesw
// drops every non-ASCII character otherwise. Returns 1 when a UTF-8 locale is in effect.
static inline int cnc_use_utf8_locale(void) {
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0)) return 1;
    if (setlocale(LC_ALL, "C.UTF-8") != NULL) return 1;
    return setlocale(LC_ALL, "C.utf8") != NULL;
}

// SIGINT, SIGTERM, SIGHUP and SIGQUIT, blocked and delivered through a descriptor instead of a handler, so
// the event loop learns of them in poll() and restores the terminal itself; nothing runs in signal context.
// SIGQUIT is among them so that Swift's crash reporter, which handles it, never draws in the alternate screen.
// SIGTSTP comes the same way: the backend takes its modes down before it stops (`cnc_stop_process`).
static inline void cnc_exit_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
    sigaddset(set, SIGQUIT);
    sigaddset(set, SIGTSTP);
}

// Before a terminal stop puts the terminal back: blocks SIGTTOU, saving the mask in `saved`. The shell takes
// the terminal back as soon as its own child stops, which may be a `sh -c` around the preview that stopped
// at once; the preview's restore (tcsetattr) would then stop it by SIGTTOU halfway, and the continue that
// follows would end in the stop it had not reached yet. Blocked, SIGTTOU lets the restore finish.
static inline void cnc_begin_stop(sigset_t *saved) {
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, SIGTTOU);
    pthread_sigmask(SIG_BLOCK, &only, saved);
}

// Stops the process as a terminal stop (Ctrl-Z) would, and returns once it is continued (SIGCONT) with the
// mask `saved` by cnc_begin_stop back. The SIGTSTP read from the descriptor is raised again with the
// default disposition, unblocked for that moment only; ncurses' own handler, if it installed one, is put
// back after. Continued in the background (`bg`), the next change to the terminal's settings stops the
// process again by SIGTTOU, as a program that needs its terminal should be.
static inline void cnc_stop_process(const sigset_t *saved) {
    struct sigaction stop, previous;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &previous);
    sigset_t stopping = *saved;
    sigdelset(&stopping, SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &stopping, NULL);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, saved, NULL);
    sigaction(SIGTSTP, &previous, NULL);
}

// Blocks the exit signals, saving the previous mask in `previous`; returns the signalfd, or -1.
static inline int cnc_open_signal_fd(sigset_t *previous) {
    sigset_t set;
    cnc_exit_signals(&set);
    if (pthread_sigmask(SIG_BLOCK, &set, previous) != 0) return -1;
    int fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
    if (fd < 0) pthread_sigmask(SIG_SETMASK, previous, NULL);
    return fd;
}

// The next pending exit signal's number, or 0 when none is pending.
static inline int cnc_read_signal(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    return n == (ssize_t)sizeof info ? (int)info.ssi_signo : 0;
}

// Closes the descriptor and restores the mask saved by cnc_open_signal_fd.
static inline void cnc_close_signal_fd(int fd, const sigset_t *previous) {
    close(fd);
    pthread_sigmask(SIG_SETMASK, previous, NULL);
}

// Fatal signals (a Swift runtime trap, an abort, a bad access) cannot be delivered through the signalfd:
// the process dies in the faulting thread. A handler restores the terminal first, using only calls that
// are async-signal-safe (tcsetattr, write), then raises the signal again with the default disposition, so
// the process dies of it at once. Swift's crash reporter, when it runs interactively, waits 30 s for a key
// on the terminal and reads typed text as its commands; it is handed the signal (the previous handler put
// back) only when the caller says it was told not to wait (`chain`).
// The bytes and settings are prepared before ncurses touches the terminal; nothing is computed in the
// handler. The state lives in the one Swift file that calls these functions.
#define CNC_FATAL_SIGNAL_COUNT 6
struct cnc_fatal_state {
    int signals[CNC_FATAL_SIGNAL_COUNT];
    struct sigaction previous[CNC_FATAL_SIGNAL_COUNT];
    char bytes[512];
    size_t length;
    volatile sig_atomic_t fd;
    struct termios termios;
    int has_termios;
    int chain;
};

// The one state, a function's static so that it is emitted with the functions that use it.
static inline struct cnc_fatal_state *cnc_fatal(void) {
    static struct cnc_fatal_state state = {{SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE}, {}, {0}, 0, -1, {}, 0, 0};
    return &state;
}

static void cnc_fatal_handler(int signal_number) {
    int fd = cnc_fatal()->fd;
    cnc_fatal()->fd = -1;
    if (fd >= 0) {
        if (cnc_fatal()->has_termios) tcsetattr(fd, TCSANOW, &cnc_fatal()->termios);
        size_t written = 0;
        while (written < cnc_fatal()->length) {
            ssize_t n = write(fd, cnc_fatal()->bytes + written, cnc_fatal()->length - written);
            if (n <= 0) break;
            written += (size_t)n;
        }
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    for (int i = 0; i < CNC_FATAL_SIGNAL_COUNT; i++) {
        if (cnc_fatal()->signals[i] != signal_number) continue;
        sigaction(signal_number, cnc_fatal()->chain ? &cnc_fatal()->previous[i] : &fallback, NULL);
    }
    // Unblocked, in case the signal came while blocked (a raise from a handler without SA_NODEFER).
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    raise(signal_number);
    // The crash reporter returns once it has written its report, expecting the faulting instruction to
    // fault again; a signal sent by kill() would then let the process live on. It dies of it here.
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

// Saves the terminal settings of `fd` as they are now, to be put back if the process dies of a signal.
static inline void cnc_fatal_save_settings(int fd) {
    cnc_fatal()->has_termios = tcgetattr(fd, &cnc_fatal()->termios) == 0;
}

// Removes the handler, putting back the ones it replaced; after a normal restore.
static inline void cnc_fatal_remove(void) {
    if (cnc_fatal()->fd < 0) return;
    cnc_fatal()->fd = -1;
    for (int i = 0; i < CNC_FATAL_SIGNAL_COUNT; i++) sigaction(cnc_fatal()->signals[i], &cnc_fatal()->previous[i], NULL);
}

// Installs the handler, which writes `bytes` (at most 512) to `fd` on a fatal signal, then dies of it, or
// with `chain` hands it to the handler that was there before. Returns 0 on success.
static inline int cnc_fatal_install(int fd, const char *bytes, size_t length, int chain) {
    cnc_fatal_remove();
    if (length > sizeof cnc_fatal()->bytes) return -1;
    cnc_fatal()->chain = chain;
    memcpy(cnc_fatal()->bytes, bytes, length);
    cnc_fatal()->length = length;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cnc_fatal_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_NODEFER;
    for (int i = 0; i < CNC_FATAL_SIGNAL_COUNT; i++) {
        if (sigaction(cnc_fatal()->signals[i], &action, &cnc_fatal()->previous[i]) != 0) return -1;
    }
    cnc_fatal()->fd = fd;
    return 0;
}

// A terminfo string capability, or NULL where the description lacks it.
static inline const char *cnc_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

#endif
