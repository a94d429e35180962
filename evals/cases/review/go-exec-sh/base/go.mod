module example.com/backupd

go 1.22
