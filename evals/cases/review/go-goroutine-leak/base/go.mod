module example.com/storefinder

go 1.22
