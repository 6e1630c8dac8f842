# Install rules: headers, the shared and static libraries, a CMake package (tix::tix,
# tix::tix_static) and a pkg-config file. Included by the root CMakeLists.txt after src/, with
# GNUInstallDirs already loaded.
include(CMakePackageConfigHelpers)

# Where the CMake package files go, relative to the prefix. Derived anew from the library
# directory on every configure (which changes with the prefix: lib/<multiarch> under /usr on
# Debian) unless given with -DTIX_INSTALL_CMAKEDIR=...
if(NOT DEFINED TIX_INSTALL_CMAKEDIR)
  set(TIX_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/tix")
endif()

# Every public header: include/tix.h now, the front ends' include/tix_*.h later.
file(GLOB tix_public_headers CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/include/*.h")
install(FILES ${tix_public_headers}
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
        COMPONENT tix_development)

install(TARGETS tix tix_static
        EXPORT tixTargets
        RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT tix_runtime
        LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT tix_runtime
                NAMELINK_COMPONENT tix_development
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT tix_development
        INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")

# The CMake package: tixConfig.cmake finds Threads (the libraries' one link dependency) and loads
# tixTargets.cmake; all three files are relocatable, so `cmake --install --prefix` works.
install(EXPORT tixTargets
        NAMESPACE tix::
        DESTINATION "${TIX_INSTALL_CMAKEDIR}"
        COMPONENT tix_development)
configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/tixConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/tixConfig.cmake"
  INSTALL_DESTINATION "${TIX_INSTALL_CMAKEDIR}"
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/tixConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMajorVersion)
install(FILES "${PROJECT_BINARY_DIR}/tixConfig.cmake" "${PROJECT_BINARY_DIR}/tixConfigVersion.cmake"
        DESTINATION "${TIX_INSTALL_CMAKEDIR}"
        COMPONENT tix_development)

# pkg-config. The file holds absolute paths, and the prefix is only known for certain at install
# time (`cmake --install build --prefix DIR` overrides CMAKE_INSTALL_PREFIX), so the install step
# itself writes it: cmake/tixInstallPkgConfig.cmake fills in cmake/tix.pc.in.
install(CODE "
set(tix_pc_template \"${PROJECT_SOURCE_DIR}/cmake/tix.pc.in\")
set(tix_pc_libdir \"${CMAKE_INSTALL_LIBDIR}\")
set(tix_pc_includedir \"${CMAKE_INSTALL_INCLUDEDIR}\")
set(tix_pc_description \"${PROJECT_DESCRIPTION}\")
set(tix_pc_version \"${PROJECT_VERSION}\")
" COMPONENT tix_development)
install(SCRIPT "${PROJECT_SOURCE_DIR}/cmake/tixInstallPkgConfig.cmake" COMPONENT tix_development)
