# Assetsmith. `make run` builds and runs the bundled example; `make test` runs the test suite.
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/assetsmith

.PHONY: run test build deps bench verify clean

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

clean:
	rm -rf .build
