module example.com/apigw

go 1.22
