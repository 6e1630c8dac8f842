# The entry point for people: `make demo`, `make test`. CMake does the building; this file only
# strings the steps together and first makes sure the Debian packages they need are installed
# (scripts/deps.sh: installs them as root, prints the apt-get line otherwise).
#
#   make test       configure build/, build everything, run the whole ctest suite
#   make demo       build and run examples/demo.c (the specification pages' examples)
#   make coverage   build-coverage/: Debug + TIX_COVERAGE, ctest, gcovr line coverage of src/
#                   (fails below COVERAGE_MIN percent)
#   make install    install into PREFIX (default /usr/local); DESTDIR is honoured
#   make clean      remove build/ and build-coverage/

BUILD_DIR ?= build
COVERAGE_DIR ?= build-coverage
PREFIX ?= /usr/local
COVERAGE_MIN ?= 90
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# Extra -D options for the configure steps, e.g. CMAKE_ARGS=-DTIX_BUILD_CLI=OFF
CMAKE_ARGS ?=

CMAKE ?= cmake
CTEST ?= ctest
GCOVR ?= gcovr
DEPS := sh scripts/deps.sh

.PHONY: all build test demo coverage install clean deps help

all: build

help:
	@sed -n '5,10p' Makefile

build:
	@$(DEPS) build
	$(CMAKE) -S . -B $(BUILD_DIR) $(CMAKE_ARGS)
	$(CMAKE) --build $(BUILD_DIR) -j$(JOBS)

test:
	@$(DEPS) test
	$(CMAKE) -S . -B $(BUILD_DIR) $(CMAKE_ARGS)
	$(CMAKE) --build $(BUILD_DIR) -j$(JOBS)
	cd $(BUILD_DIR) && $(CTEST) --output-on-failure -j$(JOBS)

demo:
	@$(DEPS) build
	$(CMAKE) -S . -B $(BUILD_DIR) $(CMAKE_ARGS)
	$(CMAKE) --build $(BUILD_DIR) --target tix_demo -j$(JOBS)
	./$(BUILD_DIR)/examples/tix_demo

# Counters from an earlier run are removed first, so the report covers this run only.
# gcovr exits with 2 when line coverage is below --fail-under-line.
coverage:
	@$(DEPS) coverage
	$(CMAKE) -S . -B $(COVERAGE_DIR) -DCMAKE_BUILD_TYPE=Debug -DTIX_COVERAGE=ON $(CMAKE_ARGS)
	$(CMAKE) --build $(COVERAGE_DIR) -j$(JOBS)
	find $(COVERAGE_DIR) -name '*.gcda' -delete
	cd $(COVERAGE_DIR) && $(CTEST) --output-on-failure -j$(JOBS)
	@rm -f $(COVERAGE_DIR)/coverage.txt
	@status=0; \
	set -x; $(GCOVR) --root . --object-directory $(COVERAGE_DIR) --filter '$(CURDIR)/src/' \
	    --print-summary --txt $(COVERAGE_DIR)/coverage.txt \
	    --html-details $(COVERAGE_DIR)/coverage.html \
	    --fail-under-line $(COVERAGE_MIN) $(COVERAGE_DIR) || status=$$?; set +x; \
	if [ -f $(COVERAGE_DIR)/coverage.txt ]; then cat $(COVERAGE_DIR)/coverage.txt; fi; \
	if [ $$status = 2 ]; then \
	    echo "coverage: line coverage of src/ is below $(COVERAGE_MIN)%"; exit 1; \
	elif [ $$status != 0 ]; then \
	    echo "coverage: gcovr failed (exit status $$status)"; exit 1; \
	fi; \
	echo "coverage: report in $(COVERAGE_DIR)/coverage.txt and $(COVERAGE_DIR)/coverage.html"

install:
	@$(DEPS) build
	$(CMAKE) -S . -B $(BUILD_DIR) -DCMAKE_INSTALL_PREFIX=$(PREFIX) $(CMAKE_ARGS)
	$(CMAKE) --build $(BUILD_DIR) -j$(JOBS)
	DESTDIR="$(DESTDIR)" $(CMAKE) --install $(BUILD_DIR) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD_DIR) $(COVERAGE_DIR)
