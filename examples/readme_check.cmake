# Checks that the C block README.md shows under the marker "<!-- examples/basic.c" is the code of
# examples/basic.c (from its first #include on), so the README's example is the one ctest runs.
#   cmake -DREADME=README.md -DEXAMPLE=examples/basic.c -P readme_check.cmake
file(READ "${README}" readme)
file(READ "${EXAMPLE}" example)

string(FIND "${readme}" "<!-- examples/basic.c" marker)
if(marker EQUAL -1)
  message(FATAL_ERROR "README.md has no '<!-- examples/basic.c' marker")
endif()
string(SUBSTRING "${readme}" ${marker} -1 readme)
string(FIND "${readme}" "```c\n" open)
if(open EQUAL -1)
  message(FATAL_ERROR "no ```c block after the marker in README.md")
endif()
math(EXPR open "${open} + 5")
string(SUBSTRING "${readme}" ${open} -1 readme)
string(FIND "${readme}" "```" close)
string(SUBSTRING "${readme}" 0 ${close} shown)

string(FIND "${example}" "#include" first_include)
string(SUBSTRING "${example}" ${first_include} -1 code)

if(NOT shown STREQUAL code)
  file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/readme_block.c" "${shown}")
  message(FATAL_ERROR "the example in README.md differs from ${EXAMPLE} (from its first "
                      "#include); the README's block is in ${CMAKE_CURRENT_BINARY_DIR}/readme_block.c")
endif()
message(STATUS "README.md shows the code of ${EXAMPLE}")
