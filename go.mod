module github.com/mhlo-alias/mhlo-alias

go 1.23

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/sergi/go-diff v1.4.0
	go.yaml.in/yaml/v3 v3.0.6
)

require google.golang.org/protobuf v1.36.12
