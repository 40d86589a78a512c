# Assetsmith. `make run` builds and runs the bundled example; `make test` runs the test suite.
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/assetsmith

.PHONY: run test build deps bench bench-fidelity verify clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build -c $(CONFIG) --product assetsmith

run: build
	$(BIN) build --manifest assetsmith.yml --preview

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel
	scripts/check-plugin.sh

bench: build
	Benchmarks/bench.sh $(CURDIR)/$(BIN)

# Derived tab forms against designers' own pairs (README, "How glyphs are drawn"). The sets are
# not in the repository: ICONSETS is the folder they were extracted into.
ICONSETS ?= /work/iconsets
bench-fidelity: build
	BENCH_DIR=.build/fidelity/ionicons Benchmarks/fidelity.py $(BIN) \
	  '$(ICONSETS)/ionicons/src/svg/{}-outline.svg' '$(ICONSETS)/ionicons/src/svg/{}.svg' --sheet .build/fidelity/ionicons
	BENCH_DIR=.build/fidelity/heroicons Benchmarks/fidelity.py $(BIN) \
	  '$(ICONSETS)/heroicons/optimized/24/outline/{}.svg' '$(ICONSETS)/heroicons/optimized/24/solid/{}.svg' --sheet .build/fidelity/heroicons

clean:
	rm -rf .build
