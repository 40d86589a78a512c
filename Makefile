# Assetsmith. `make run` builds and runs the bundled example; `make test` runs the test suite.
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/assetsmith
PREFIX ?= /usr/local

FUZZ_SECONDS ?= 60

# Homebrew's libxml2 is keg-only (macOS has its own): pkg-config sees it only through its keg.
ifeq ($(shell uname -s),Darwin)
LIBXML2_PC := $(shell brew --prefix libxml2 2>/dev/null)/lib/pkgconfig
export PKG_CONFIG_PATH := $(LIBXML2_PC)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
endif

.PHONY: run test build deps bench bench-fidelity bench-symbols verify clean install fuzz lint mutants

deps:
	@scripts/install-deps.sh

# A release build on Linux links the Swift runtime and Foundation into the binary: a process (the
# build and each of its SVG/PDF workers) starts in about 60 % of the time with 5 MB less memory,
# and the installed binary needs no Swift toolchain. macOS has them in the system. (Debug builds
# stay dynamic: the tests share their build.)
LINUX_STATIC := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
STATIC_STDLIB := $(if $(filter release,$(CONFIG)),$(LINUX_STATIC),)

build: deps
	$(SWIFT) build -c $(CONFIG) --product assetsmith $(STATIC_STDLIB)

run: build
	$(BIN) build --manifest assetsmith.yml --preview

# `make test` checks that every mutant of scripts/mutants.list still changes its file (under a
# second) and plants round eight's (scripts/mutants-round8.list: 9 mutants of issue 50's fourth round,
# Contents.json taken without a parse, the early reads' budgets and slices, the checked-file count;
# about 3 min, an incremental build each); `make mutants` plants all of them (52 lines).
test: deps lint
	scripts/mutants.sh --applies
	scripts/test-check-portability.sh
	scripts/check-portability.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel
	scripts/check-plugin.sh
	scripts/check-install.sh
	scripts/check-mcp.sh
	scripts/verify-corpus.sh
	python3 scripts/check-xcode-phase.py .build/debug/assetsmith
	.build/debug/assetsmith-fuzz --seconds 2
	scripts/mutants.sh scripts/mutants-round8.list

# swift format lint with the checked-in .swift-format (rules only, not the pretty printer's layout),
# then the 80-line function limit (scripts/function-length.sh).
mutants:
	scripts/mutants.sh $(MUTANTS_LIST)

lint:
	scripts/lint.sh

# The in-process fuzzer over every reader of outside input, FUZZ_SECONDS per target (release
# build), then on Linux the coverage-guided libFuzzer build of the in-process readers
# (scripts/fuzz-coverage.sh: -sanitize=fuzzer,address, in .build/libfuzzer, not the shipped binary).
fuzz: deps
	$(SWIFT) build -c release $(LINUX_STATIC)
	.build/release/assetsmith-fuzz --seconds $(FUZZ_SECONDS)
	if [ "$$(uname -s)" = Linux ]; then scripts/fuzz-coverage.sh $(FUZZ_SECONDS); fi

# Installs the binary and the templates (requirement tables, launch templates, the manifest's
# JSON Schema) where the binary looks for them: $(PREFIX)/bin and $(PREFIX)/share/assetsmith; the
# man page (Docs/man/assetsmith.1, made by swift-argument-parser's generate-manual plugin:
# scripts/generate-manual.sh) and the bash, zsh and fish completions, which the built binary
# writes itself (--generate-completion-script), where each shell looks for them.
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
install: build
	$(SWIFT) build -c $(CONFIG) --product assetsmith-mcp $(STATIC_STDLIB)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/assetsmith" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 755 "$(BIN)" "$(DESTDIR)$(PREFIX)/bin/assetsmith"
	install -m 755 "$(BIN)-mcp" "$(DESTDIR)$(PREFIX)/bin/assetsmith-mcp"
	cp -R Templates "$(DESTDIR)$(PREFIX)/share/assetsmith/"
	cp -R Docs "$(DESTDIR)$(PREFIX)/share/assetsmith/"
	install -m 644 Docs/man/assetsmith.1 "$(MANDIR)/assetsmith.1"
	"$(BIN)" --generate-completion-script bash >"$(BASHDIR)/assetsmith.tmp" && mv "$(BASHDIR)/assetsmith.tmp" "$(BASHDIR)/assetsmith"
	"$(BIN)" --generate-completion-script zsh >"$(ZSHDIR)/_assetsmith.tmp" && mv "$(ZSHDIR)/_assetsmith.tmp" "$(ZSHDIR)/_assetsmith"
	"$(BIN)" --generate-completion-script fish >"$(FISHDIR)/assetsmith.fish.tmp" && mv "$(FISHDIR)/assetsmith.fish.tmp" "$(FISHDIR)/assetsmith.fish"

bench: build
	Benchmarks/bench.sh $(CURDIR)/$(BIN)

# Derived tab forms against designers' own pairs (Docs/glyphs.md, "How glyphs are drawn"). The sets are
# not in the repository: ICONSETS is the folder they were extracted into (`make bench-fidelity
# ICONSETS=~/iconsets`, holding ionicons/, heroicons/ and phosphor/); there is no default. The
# filled direction counts true fills only; Heroicons also reports its eight named knockouts.
ICONSETS ?=
HEROICONS_KNOCKOUTS = device-tablet,cog-6-tooth/cog,globe-alt,calendar,window,computer-desktop,inbox,no-symbol
bench-fidelity: build
	@test -n "$(ICONSETS)" || { echo "bench-fidelity: give ICONSETS=<folder holding ionicons/, heroicons/ and phosphor/>" >&2; exit 2; }
	BENCH_DIR=.build/fidelity/ionicons Benchmarks/fidelity.py $(BIN) \
	  '$(ICONSETS)/ionicons/src/svg/{}-outline.svg' '$(ICONSETS)/ionicons/src/svg/{}.svg' --sheet .build/fidelity/ionicons
	BENCH_DIR=.build/fidelity/heroicons Benchmarks/fidelity.py $(BIN) \
	  '$(ICONSETS)/heroicons/optimized/24/outline/{}.svg' '$(ICONSETS)/heroicons/optimized/24/solid/{}.svg' \
	  --knockouts '$(HEROICONS_KNOCKOUTS)' --sheet .build/fidelity/heroicons
	BENCH_DIR=.build/fidelity/phosphor Benchmarks/fidelity.py $(BIN) \
	  '$(ICONSETS)/phosphor/assets/regular/{}.svg' '$(ICONSETS)/phosphor/assets/fill/{}-fill.svg' --step 4 \
	  --sheet .build/fidelity/phosphor

# Custom symbols made from a stroke icon set (Docs/symbols.md): Tabler's outline icons
# from PyPI's pytablericons 1.0.1 (MIT), every 9th (509), extracted into ICONSETS/tabler.
bench-symbols: build
	Benchmarks/symbols.py $(BIN) '$(ICONSETS)/tabler/pytablericons/icons/outline/*.svg' --step 9 --work .build/bench-symbols

clean:
	rm -rf .build
