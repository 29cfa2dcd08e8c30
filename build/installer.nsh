; NSIS additions (electron-builder's nsis.include): the installer registers the switchboard:// install
; links for the installing user (electron-builder's `protocols` covers only macOS and Linux), and the
; uninstaller removes them again. The app also claims the scheme at start (src/main/electron/deepLinks.ts).
!macro customInstall
  WriteRegStr SHCTX "Software\Classes\switchboard" "" "URL:Switchboard install link"
  WriteRegStr SHCTX "Software\Classes\switchboard" "URL Protocol" ""
  WriteRegStr SHCTX "Software\Classes\switchboard\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr SHCTX "Software\Classes\switchboard\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHCTX "Software\Classes\switchboard"
!macroend
