# Helpers shared by the install-test scripts (each run as `cmake -D... -P script.cmake`).

# tix_run(WHAT COMMAND...): runs a command, echoing it, and fails the test when it fails.
function(tix_run what)
  string(REPLACE ";" " " shown "${ARGN}")
  message(STATUS "${what}: ${shown}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what} failed (${result}): ${shown}")
  endif()
endfunction()

# tix_require(VAR...): fails unless every named variable was passed with -D.
function(tix_require)
  foreach(name ${ARGN})
    if(NOT DEFINED ${name} OR "${${name}}" STREQUAL "")
      message(FATAL_ERROR "missing -D${name}=...")
    endif()
  endforeach()
endfunction()

# The install tests choose their own prefix; a DESTDIR from the caller's environment would move
# every file somewhere else.
unset(ENV{DESTDIR})
