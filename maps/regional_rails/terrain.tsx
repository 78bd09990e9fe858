<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="70" tileheight="80" tilecount="4" columns="4">
 <image source="terrain.png" width="280" height="80"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="plains"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="sea"/>
  </properties>
 </tile>
</tileset>
