# Runs inside `cmake --install` (install(SCRIPT)): writes tix.pc for the prefix actually being
# installed to. The install(CODE) before it sets tix_pc_template, tix_pc_libdir,
# tix_pc_includedir, tix_pc_description and tix_pc_version.
set(tix_pc_prefix "${CMAKE_INSTALL_PREFIX}")

# A relative directory hangs off ${prefix}; an absolute one is written as it is.
foreach(kind libdir includedir)
  if(IS_ABSOLUTE "${tix_pc_${kind}}")
    set(tix_pc_${kind}_value "${tix_pc_${kind}}")
  else()
    set(tix_pc_${kind}_value "\${prefix}/${tix_pc_${kind}}")
  endif()
endforeach()

if(IS_ABSOLUTE "${tix_pc_libdir}")
  set(tix_pc_file "${tix_pc_libdir}/pkgconfig/tix.pc")
else()
  set(tix_pc_file "${CMAKE_INSTALL_PREFIX}/${tix_pc_libdir}/pkgconfig/tix.pc")
endif()

file(READ "${tix_pc_template}" tix_pc_content)
string(CONFIGURE "${tix_pc_content}" tix_pc_content @ONLY)
message(STATUS "Installing: $ENV{DESTDIR}${tix_pc_file}")
file(WRITE "$ENV{DESTDIR}${tix_pc_file}" "${tix_pc_content}")
# The manifest lists paths without DESTDIR, as file(INSTALL) records them.
list(APPEND CMAKE_INSTALL_MANIFEST_FILES "${tix_pc_file}")
