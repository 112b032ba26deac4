; Included by electron-builder's NSIS script (electron-builder.yml: nsis.include).
; "Send to → Intake Desk": Explorer passes the selected files on the command line; the running
; instance receives them (single-instance lock) and imports them as documents.
!macro customInstall
  CreateShortCut "$SENDTO\Intake Desk.lnk" "$INSTDIR\${APP_EXECUTABLE_FILENAME}" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME}" 0
!macroend

!macro customUnInstall
  Delete "$SENDTO\Intake Desk.lnk"
!macroend
