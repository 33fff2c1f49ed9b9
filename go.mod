module github.com/hypersteiner/hypersteiner

go 1.25.0

require (
	github.com/ALTree/bigfloat v0.2.0
	github.com/sbinet/npyio v0.6.0
	github.com/stretchr/testify v1.12.1
	golang.org/x/sys v0.47.0
	gonum.org/v1/gonum v0.17.0
	pgregory.net/rapid v1.3.0
)

require (
	github.com/campoy/embedmd v1.0.0 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
