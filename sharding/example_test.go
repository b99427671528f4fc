package sharding_test

import (
	"fmt"

	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/sharding"
)

// A donor f32[16] sharded over two devices holds 8 elements on each.
func ExampleParseHLO() {
	s, err := sharding.ParseHLO([]byte("{devices=[2]<=[2]}"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	a := model.Array(model.F32, 16)
	fmt.Println(s.Tiles, s.Devices, s.TileShape(&a).Dims)
	// Output: [2] 2 [8]
}

func ExampleParseShardy() {
	mesh, _ := sharding.ParseMesh([]byte(`<["x"=2, "y"=4]>`), nil)
	s, err := sharding.ParseShardy([]byte(`#sdy.sharding<@mesh, [{"y":(2)2}, {?}], replicated={"x"}>`),
		sharding.Meshes{"mesh": mesh}, nil)
	fmt.Println(s.Tiles, s.Devices, err)
	// Output: [2 1] 8 <nil>
}
