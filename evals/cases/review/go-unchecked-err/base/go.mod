module example.com/deployctl

go 1.22
