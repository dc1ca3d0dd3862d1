# Builds modalkit and installs it with its man page and shell completions.
#   make install PREFIX=$HOME/.local      (default PREFIX=/usr/local; DESTDIR is honoured for packaging)
#   make uninstall PREFIX=…

PREFIX ?= /usr/local
CONFIGURATION ?= release
SWIFT ?= swift
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
BINARY = .build/$(CONFIGURATION)/modalkit

.PHONY: build install uninstall

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
