# Builds modalkit and installs it with its man page and shell completions.
#   make install PREFIX=$HOME/.local      (default PREFIX=/usr/local; DESTDIR is honoured for packaging)
#   make uninstall PREFIX=…
#   make static          dist/modalkit, with the Swift runtime linked in: needs only libc and ncursesw to run
#   make lib             dist/libmodalkit.so (the C interface, include/modalkit.h), with the Swift runtime linked in
#   make c-example       the C example under AddressSanitizer and valgrind, over the samples
#   make python-wheel    dist/modalkit-*.whl: bindings/python with the two files above inside

PREFIX ?= /usr/local
CONFIGURATION ?= release
SWIFT ?= swift
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
BINARY = .build/$(CONFIGURATION)/modalkit
# Both release products are built with the same flags, so building one after the other compiles nothing twice:
# --static-swift-stdlib links the runtime into the executable, -static-stdlib into the shared library.
STATIC_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-stdlib
PYTHON ?= python3

.PHONY: build install uninstall static lib c-example python-wheel

build:
	$(SWIFT) build -c $(CONFIGURATION) --product modalkit

install: build
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BINARY) $(BINDIR)/modalkit
	install -m 644 docs/modalkit.1 $(MANDIR)/modalkit.1
	$(BINARY) completions bash > $(BASHDIR)/modalkit
	$(BINARY) completions zsh > $(ZSHDIR)/_modalkit
	$(BINARY) completions fish > $(FISHDIR)/modalkit.fish

uninstall:
	rm -f $(BINDIR)/modalkit $(MANDIR)/modalkit.1 $(BASHDIR)/modalkit $(ZSHDIR)/_modalkit $(FISHDIR)/modalkit.fish

static:
	$(SWIFT) build $(STATIC_FLAGS) --product modalkit
	install -d dist
	install -s -m 755 .build/release/modalkit dist/modalkit

# The soname is the file's name, so programs linked with -lmodalkit find it again at run time; the version
# script exports the header's functions alone.
lib:
	$(SWIFT) build $(STATIC_FLAGS) --product ModalKitC -Xlinker -soname=libmodalkit.so \
		-Xlinker --version-script=$(CURDIR)/include/libmodalkit.map
	install -d dist
	install -m 755 .build/release/libModalKitC.so dist/libmodalkit.so
	strip --strip-debug dist/libmodalkit.so

c-example: lib
	$(MAKE) -C Examples/c check LIBDIR=$(CURDIR)/dist INCLUDE=$(CURDIR)/include

python-wheel: static lib
	MODALKIT_PREBUILT=$(CURDIR)/dist $(PYTHON) -m pip wheel --no-deps -w dist ./bindings/python
