<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="lunar_rails_tiles" tilewidth="26" tileheight="30" tilecount="9" columns="10">
 <image source="lunar_rails_tiles.png" width="260" height="30"/>
  <tile id="0">
   <properties>
    <property name="terrain" value="clear"/>
   </properties>
  </tile>
  <tile id="1">
   <properties>
    <property name="terrain" value="mountain"/>
   </properties>
  </tile>
  <tile id="2">
   <properties>
    <property name="terrain" value="alpine"/>
   </properties>
  </tile>
  <tile id="3">
   <properties>
    <property name="terrain" value="small_city"/>
   </properties>
  </tile>
  <tile id="4">
   <properties>
    <property name="terrain" value="medium_city"/>
   </properties>
  </tile>
  <tile id="5">
   <properties>
    <property name="terrain" value="major_city"/>
   </properties>
  </tile>
  <tile id="6">
   <properties>
    <property name="terrain" value="wrap"/>
   </properties>
  </tile>
  <tile id="7">
   <properties>
    <property name="region" value="Near Side"/>
   </properties>
  </tile>
  <tile id="8">
   <properties>
    <property name="region" value="Far Side"/>
   </properties>
  </tile>
</tileset>
